import { DangerIcon, InfoIcon, NeutralIcon, SuccessIcon, WarningIcon } from './icons';
import './status-badge.css';

export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const icons: Record<StatusTone, typeof InfoIcon> = {
  neutral: NeutralIcon,
  info: InfoIcon,
  success: SuccessIcon,
  warning: WarningIcon,
  danger: DangerIcon,
};

/** A status pill: its words say the status, the icon and colour only repeat it (never colour alone). */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: React.ReactNode }) {
  const Icon = icons[tone];
  return (
    <span className={`status-badge status-badge--${tone}`}>
      <Icon size={14} />
      {children}
    </span>
  );
}
