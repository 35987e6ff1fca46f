#!/usr/bin/env bash
# Regenerates the static media assets in apps/web/public from scratch:
#   apps/web/public/favicon.svg, apps/web/public/logo.svg
#   apps/web/public/howto/{wallet,enter-game,balance-check,receive-bonus,end-bonus}.{mp4,jpg}
#
# Needs only Debian packages (nothing is downloaded):
#   apt-get install -y ffmpeg fonts-thai-tlwg fonts-dejavu-core
# Run from the repository root:  bash scripts/make-assets.sh
set -euo pipefail

if [[ ! -d apps/web ]]; then
  echo "make-assets.sh: run this from the repository root (apps/web not found)" >&2
  exit 1
fi

command -v ffmpeg >/dev/null || { echo "ffmpeg missing: apt-get install -y ffmpeg" >&2; exit 1; }

FONT_TH=/usr/share/fonts/truetype/tlwg/Loma-Bold.ttf        # Thai + Latin (fonts-thai-tlwg)
FONT_TH_REG=/usr/share/fonts/truetype/tlwg/Loma.ttf         # Thai + Latin, regular weight
FONT_SYM=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf # symbols ▶ ★ ✓ (fonts-dejavu-core)
for f in "$FONT_TH" "$FONT_TH_REG" "$FONT_SYM"; do
  [[ -f $f ]] || { echo "font missing: $f (apt-get install -y fonts-thai-tlwg fonts-dejavu-core)" >&2; exit 1; }
done

PUB=apps/web/public
OUT=$PUB/howto
mkdir -p "$OUT"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# ---------------------------------------------------------------------------
# Palette / layout (portrait 720x1280, 30 fps, 9 s)
# ---------------------------------------------------------------------------
W=720 H=1280 FPS=30 DUR=9
BG=0x0E1014        # near-black background
CARD=0x181B22      # raised panel
TRACK=0x2A2E38     # progress-bar track
GOLD=0xD4AF37      # accent
GOLD_LT=0xF2D27A   # light gold for titles
TEXT=0xF4F1EA      # step text
MUTED=0x9AA0AC     # English sub-lines
STEP_T=(1.5 3.5 5.5) # when step 1/2/3 appears
STEP_Y=(720 850 980) # y of step 1/2/3
POSTER_T=8           # poster frame (all steps visible)

# writes text to a file for drawtext (avoids filter-graph escaping of Thai/quotes)
txt() { printf '%s' "$2" >"$TMP/$1.txt"; echo "$TMP/$1.txt"; }

# fade-in alpha starting at time $1
fade() { echo "if(lt(t\\,$1)\\,0\\,min(1\\,(t-$1)/0.4))"; }
# x that slides 40px in from the left while fading in at time $2, resting at $1
slide() { echo "$1+40*max(0\\,1-(t-$2)/0.4)"; }

# make_video NAME GLYPH TH_TITLE EN_TITLE TH1 EN1 TH2 EN2 TH3 EN3
make_video() {
  local name=$1 glyph=$2 th=$3 en=$4
  shift 4
  local f vf i ti y
  f="drawtext=expansion=none"

  # header: gold top rule + brand
  vf="drawbox=x=0:y=0:w=$W:h=10:color=$GOLD:t=fill"
  vf+=",${f}:fontfile=$FONT_TH:textfile=$(txt "$name-brand" "Krapao"):fontsize=34:fontcolor=$GOLD:x=48:y=56"
  vf+=",${f}:fontfile=$FONT_TH_REG:textfile=$(txt "$name-tag" "HOW TO"):fontsize=24:fontcolor=$MUTED:x=w-tw-48:y=64"

  # icon card
  vf+=",drawbox=x=250:y=170:w=220:h=220:color=$CARD:t=fill"
  vf+=",drawbox=x=250:y=170:w=220:h=220:color=$GOLD:t=6"
  if [[ $glyph == wallet ]]; then
    # wallet drawn from boxes: body outline, flap band, clasp with a stud
    vf+=",drawbox=x=290:y=225:w=140:h=110:color=$GOLD:t=9"
    vf+=",drawbox=x=290:y=225:w=140:h=26:color=$GOLD:t=fill"
    vf+=",drawbox=x=388:y=262:w=50:h=40:color=$GOLD:t=fill"
    vf+=",drawbox=x=404:y=275:w=14:h=14:color=$CARD:t=fill"
  else
    local gfont=$FONT_SYM
    [[ $glyph == "฿" ]] && gfont=$FONT_TH
    vf+=",${f}:fontfile=$gfont:textfile=$(txt "$name-glyph" "$glyph"):fontsize=120:fontcolor=$GOLD:x=250+(220-tw)/2:y=170+(220-th)/2"
  fi

  # titles (Thai, English beneath), fade in over the first 0.6 s
  vf+=",${f}:fontfile=$FONT_TH:textfile=$(txt "$name-th" "$th"):fontsize=62:fontcolor=$GOLD_LT:x=(w-tw)/2:y=440:alpha='min(1\\,t/0.6)'"
  vf+=",${f}:fontfile=$FONT_TH_REG:textfile=$(txt "$name-en" "$en"):fontsize=32:fontcolor=$MUTED:x=(w-tw)/2:y=538:alpha='min(1\\,t/0.6)'"
  vf+=",drawbox=x=(iw-120)/2:y=612:w=120:h=4:color=$GOLD:t=fill"

  # three steps, appearing one after another
  for i in 0 1 2; do
    ti=${STEP_T[$i]} y=${STEP_Y[$i]}
    vf+=",${f}:fontfile=$FONT_TH:textfile=$(txt "$name-n$i" "$((i + 1))"):fontsize=36:fontcolor=$BG:box=1:boxcolor=$GOLD:boxborderw=16:x=$(slide 64 "$ti"):y=$((y + 6)):alpha='$(fade "$ti")'"
    vf+=",${f}:fontfile=$FONT_TH:textfile=$(txt "$name-s$i" "$1"):fontsize=38:fontcolor=$TEXT:x='$(slide 136 "$ti")':y=$y:alpha='$(fade "$ti")'"
    vf+=",${f}:fontfile=$FONT_TH_REG:textfile=$(txt "$name-e$i" "$2"):fontsize=26:fontcolor=$MUTED:x='$(slide 136 "$ti")':y=$((y + 56)):alpha='$(fade "$ti")'"
    shift 2
  done

  # progress bar: dark track + gold bar sliding in over the whole clip
  vf+=",drawbox=x=48:y=1176:w=$((W - 96)):h=8:color=$TRACK:t=fill"

  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=$BG:s=${W}x${H}:r=$FPS:d=$DUR" \
    -f lavfi -i "color=c=$GOLD:s=$((W - 96))x8:r=$FPS:d=$DUR" \
    -filter_complex "[0:v]${vf}[base];[base][1:v]overlay=x='48-w+w*t/$DUR':y=1176:eval=frame:shortest=1,drawbox=x=0:y=1176:w=48:h=8:color=$BG:t=fill,format=yuv420p[v]" \
    -map "[v]" -an -c:v libx264 -preset slow -tune animation -crf 30 -pix_fmt yuv420p \
    -g 60 -movflags +faststart -metadata title="$en" "$OUT/$name.mp4"

  ffmpeg -hide_banner -loglevel error -y -ss "$POSTER_T" -i "$OUT/$name.mp4" \
    -frames:v 1 -q:v 6 "$OUT/$name.jpg"
}

make_video wallet wallet \
  "วิธีใช้กระเป๋าเงิน" "How to use your wallet" \
  "เข้าสู่ระบบบัญชีของคุณ" "Log in to your account" \
  "กดเมนู \"กระเป๋าเงิน\"" "Tap the Wallet menu" \
  "ดูยอดเงินและประวัติรายการ" "See your balance and history"

make_video enter-game "▶" \
  "วิธีเข้าเล่นเกม" "How to enter a game" \
  "เลือกเกมที่ต้องการ" "Choose a game" \
  "กดปุ่ม \"เข้าเล่น\"" "Tap \"Play\"" \
  "ยอดเงินโอนเข้าเกมอัตโนมัติ" "Your balance moves in automatically"

make_video balance-check "฿" \
  "วิธีเช็คยอดเงิน" "How to check your balance" \
  "เปิดหน้ากระเป๋าเงิน" "Open the Wallet page" \
  "ดูยอดเงินคงเหลือด้านบน" "Your balance is shown at the top" \
  "กดรีเฟรชเพื่ออัปเดตยอด" "Tap refresh to update it"

make_video receive-bonus "★" \
  "วิธีรับโบนัส" "How to receive a bonus" \
  "ไปที่เมนู \"โบนัส\"" "Go to the Bonus menu" \
  "เลือกโปรโมชั่นที่ต้องการ" "Pick a promotion" \
  "กด \"รับโบนัส\"" "Tap \"Claim bonus\""

make_video end-bonus "✓" \
  "วิธีจบโบนัส" "How to end a bonus" \
  "เปิดเมนู \"โบนัส\"" "Open the Bonus menu" \
  "ตรวจสอบเงื่อนไขโบนัส" "Check the bonus conditions" \
  "กด \"จบโบนัส\" เพื่อยืนยัน" "Tap \"End bonus\" to confirm"

# ---------------------------------------------------------------------------
# SVGs
# ---------------------------------------------------------------------------
cat >"$PUB/favicon.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <title>Krapao</title>
  <rect width="64" height="64" rx="14" fill="#0E1014"/>
  <path d="M14 22 L40 12 L44 20" fill="none" stroke="#D4AF37" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>
  <rect x="10" y="20" width="44" height="32" rx="6" fill="none" stroke="#D4AF37" stroke-width="4"/>
  <rect x="38" y="30" width="18" height="12" rx="4" fill="#D4AF37"/>
  <circle cx="44" cy="36" r="2.5" fill="#0E1014"/>
</svg>
SVG

cat >"$PUB/logo.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 56" width="220" height="56">
  <title>Krapao</title>
  <g transform="translate(4 8)">
    <path d="M6 12 L26 4 L29 11" fill="none" stroke="#D4AF37" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"/>
    <rect x="3" y="11" width="34" height="26" rx="5" fill="none" stroke="#D4AF37" stroke-width="3"/>
    <rect x="25" y="19" width="14" height="10" rx="3" fill="#D4AF37"/>
    <circle cx="30" cy="24" r="2" fill="#0E1014"/>
  </g>
  <text x="54" y="39" fill="#D4AF37" font-family="'Noto Sans Thai', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="32" font-weight="700" letter-spacing="0.5">Krapao</text>
</svg>
SVG

echo "Assets written:"
ls -l "$PUB/favicon.svg" "$PUB/logo.svg" "$OUT"/*.mp4 "$OUT"/*.jpg
