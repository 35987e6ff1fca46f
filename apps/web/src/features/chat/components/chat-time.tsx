import { DATE_FORMAT } from '@krapao/contracts/constants';
import dayjs from 'dayjs';

/** The message's time from createdAt: the hour today, the date too on other days. */
export function ChatTime({ createdAt }: { createdAt: string | null }) {
  if (!createdAt) return null;
  const time = dayjs(createdAt);
  if (!time.isValid()) return null;
  const label = time.isSame(dayjs(), 'day') ? time.format('HH:mm') : time.format('DD/MM/YYYY HH:mm');
  return (
    <time
      data-testid="chat-time"
      dateTime={createdAt}
      title={time.format(DATE_FORMAT)}
      className="text-[10px] text-white/45"
    >
      {label}
    </time>
  );
}
