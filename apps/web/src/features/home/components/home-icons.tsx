// Icons of the home screen, drawn like components/ui/icons (24 px grid, 1.8 stroke, decorative).
import type { ReactNode } from 'react';
import { Icon as BaseIcon } from '../../../components/ui/icons';

function Icon({ size = 22, children }: { size?: number; children: ReactNode }) {
  return <BaseIcon size={size}>{children}</BaseIcon>;
}

type P = { size?: number };

export const RefreshIcon = ({ size }: P) => (
  <Icon size={size}>
    <path d="M20 11a8 8 0 00-14.5-4.5L4 8M4 4v4h4M4 13a8 8 0 0014.5 4.5L20 16M20 20v-4h-4" />
  </Icon>
);
export const DepositIcon = ({ size }: P) => (
  <Icon size={size}>
    <path d="M12 3v11M7.5 9.5L12 14l4.5-4.5M4 15v4a1 1 0 001 1h14a1 1 0 001-1v-4" />
  </Icon>
);
export const WithdrawIcon = ({ size }: P) => (
  <Icon size={size}>
    <path d="M12 14V3M7.5 7.5L12 3l4.5 4.5M4 15v4a1 1 0 001 1h14a1 1 0 001-1v-4" />
  </Icon>
);
export const WheelIcon = ({ size }: P) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="2" />
    <path d="M12 3v7M12 14v7M3 12h7M14 12h7M5.6 5.6l5 5M13.4 13.4l5 5M18.4 5.6l-5 5M10.6 13.4l-5 5" />
  </Icon>
);
export const FriendsIcon = ({ size }: P) => (
  <Icon size={size}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c1-3.5 3.4-5.5 6.5-5.5s5.5 2 6.5 5.5M16 4.8a3.5 3.5 0 010 6.4M18 14.8c1.7.8 2.9 2.5 3.5 5.2" />
  </Icon>
);
export const GiftIcon = ({ size }: P) => (
  <Icon size={size}>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12M12 8c-1.5-3-5-3.5-5-1.5S10 8 12 8zM12 8c1.5-3 5-3.5 5-1.5S14 8 12 8z" />
  </Icon>
);
export const RefundIcon = ({ size }: P) => (
  <Icon size={size}>
    <path d="M4 9h11a5 5 0 010 10H9M4 9l4-4M4 9l4 4" />
  </Icon>
);
