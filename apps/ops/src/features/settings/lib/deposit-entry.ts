// The house accounts and wallets are edited one entry at a time inside the whole `deposit` setting.
import type { TDepositSetting, TSettingsPage } from '@krapao/contracts/ops/settings';

/** The props of a dialog that adds (index null) or edits one entry of the deposit setting. */
export type DepositEntryDialogProps = {
  page: TSettingsPage;
  /** The entry's index in its list when editing one; null adds a new entry. */
  index: number | null;
  /** The whole deposit setting with the entry in place; the reason is asked next. */
  onNext: (deposit: TDepositSetting) => void;
  onClose: () => void;
};

/** `list` with `entry` added at the end (index null) or in place of the one at `index`. */
export function withEntry<T>(list: readonly T[], index: number | null, entry: T): T[] {
  return index === null ? [...list, entry] : list.map((item, i) => (i === index ? entry : item));
}
