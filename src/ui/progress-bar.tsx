import { ProgressBar as AriaProgressBar, Label } from 'react-aria-components';
import './progress-bar.css';

export interface ProgressBarProps {
  label: string;
  value: number;
  maxValue: number;
  /** The value in words ("12 KB of 40 KB"); the percentage when absent. */
  valueLabel?: string;
}

/** A determinate progress bar: its label and value text above a filled track. */
export function ProgressBar({ label, value, maxValue, valueLabel }: ProgressBarProps) {
  return (
    <AriaProgressBar
      className="progress-bar"
      value={value}
      minValue={0}
      maxValue={Math.max(maxValue, 1)}
      {...(valueLabel !== undefined && { valueLabel })}
    >
      {({ percentage, valueText }) => (
        <>
          <div className="progress-bar__top">
            <Label className="progress-bar__label">{label}</Label>
            <span className="progress-bar__value">{valueText}</span>
          </div>
          <div className="progress-bar__track">
            <div className="progress-bar__fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
