import type { ReactNode } from 'react';

interface LogToolbarProps {
  name: string;
  count: number;
  onClear(): void;
  onExport(): void;
  children?: ReactNode;
}

/** The strip above each log: optional filter, count, Clear and Export JSON. */
export function LogToolbar({ name, count, onClear, onExport, children }: LogToolbarProps) {
  return (
    <div className="log-toolbar">
      {children}
      <span className="log-count">{count} rows</span>
      <button type="button" className="btn btn-small" data-testid={`clear-${name}`} onClick={onClear}>
        Clear
      </button>
      <button type="button" className="btn btn-small" data-testid={`export-${name}`} onClick={onExport}>
        Export JSON
      </button>
    </div>
  );
}
