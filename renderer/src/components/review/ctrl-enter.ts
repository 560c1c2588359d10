import type React from 'react';

/** A form's Ctrl/⌘+Enter: sends it from any field (plain Enter stays the field's own). */
export const onCtrlEnter =
  (run: () => void) =>
  (e: React.KeyboardEvent): void => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      e.stopPropagation();
      run();
    }
  };
