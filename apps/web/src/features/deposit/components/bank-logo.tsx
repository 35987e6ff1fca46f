// Bank marks drawn here (no downloaded artwork): the bank's colour and a short label.
type Mark = { bg: string; fg: string; label: string };

function markOf(code: string): Mark {
  switch (code) {
    case 'SCB':
      return { bg: '#4e2a84', fg: '#f5e3a3', label: 'SCB' };
    case 'KBANK':
      return { bg: '#138f2d', fg: '#ffffff', label: 'K+' };
    case 'KTB':
      return { bg: '#1ba5e1', fg: '#ffffff', label: 'KTB' };
    case 'BBL':
      return { bg: '#1e4598', fg: '#ffffff', label: 'BBL' };
    case 'GSB':
      return { bg: '#eb198d', fg: '#ffffff', label: 'GSB' };
    case 'TMB':
      return { bg: '#0050f0', fg: '#ffffff', label: 'ttb' };
    case 'BAY':
      return { bg: '#fec43b', fg: '#4b3b2a', label: 'BAY' };
    case 'BCEL':
      return { bg: '#d71920', fg: '#ffffff', label: 'BCEL' };
    case 'WW':
      return { bg: '#0e7490', fg: '#ffffff', label: 'QR' };
    case 'PAYTIMZ':
      return { bg: '#6d28d9', fg: '#ffffff', label: 'QR' };
    default:
      return { bg: '#3d2c0a', fg: '#edcf6d', label: code.slice(0, 4) };
  }
}

type BankLogoProps = { code: string; size?: number };

/** Decorative: the bank's name is always written next to it. */
export function BankLogo({ code, size = 40 }: BankLogoProps) {
  const mark = markOf(code);
  const fontSize = mark.label.length > 3 ? 11 : 14;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      data-bank={code}
      className="shrink-0"
    >
      <rect width="40" height="40" rx="10" fill={mark.bg} />
      <circle cx="33" cy="7" r="10" fill="#ffffff" opacity="0.12" />
      <text
        x="20"
        y="21"
        textAnchor="middle"
        dominantBaseline="middle"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontSize={fontSize}
        fontWeight="700"
        fill={mark.fg}
      >
        {mark.label}
      </text>
    </svg>
  );
}
