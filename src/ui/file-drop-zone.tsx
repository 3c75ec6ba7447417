import { DIRECTORY_DRAG_TYPE, DropZone, FileTrigger, isFileDropItem, Text } from 'react-aria-components';
import { Button } from './button';
import './file-drop-zone.css';

export interface FileDropZoneProps {
  /** What to drop, read out as the zone's name ("Drop a CSV file here"). */
  label: string;
  /** The picker button's text, the keyboard's way in ("Choose a CSV file…"). */
  buttonLabel: string;
  /** File types the picker offers (".csv", "text/csv"); a dropped file is taken whatever its type. */
  acceptedFileTypes: readonly string[];
  onFile: (file: File) => void;
  isDisabled?: boolean;
  /** A line under the label (the expected format). */
  description?: React.ReactNode;
}

/**
 * One file, dropped on the zone or chosen with its button. A dropped file is not filtered by
 * type: operating systems label CSV files differently (text/csv, application/vnd.ms-excel, none),
 * so the caller checks the contents instead.
 */
export function FileDropZone({
  label,
  buttonLabel,
  acceptedFileTypes,
  onFile,
  isDisabled = false,
  description,
}: FileDropZoneProps) {
  return (
    <DropZone
      className="file-drop-zone"
      isDisabled={isDisabled}
      getDropOperation={(types) => (isDisabled || types.has(DIRECTORY_DRAG_TYPE) ? 'cancel' : 'copy')}
      onDrop={async (event) => {
        const item = event.items.find(isFileDropItem);
        if (item) onFile(await item.getFile());
      }}
    >
      <Text slot="label" className="file-drop-zone__label">
        {label}
      </Text>
      {description && <span className="file-drop-zone__description">{description}</span>}
      <FileTrigger
        acceptedFileTypes={acceptedFileTypes}
        onSelect={(files) => {
          const file = files?.[0];
          if (file) onFile(file);
        }}
      >
        <Button isDisabled={isDisabled}>{buttonLabel}</Button>
      </FileTrigger>
    </DropZone>
  );
}
