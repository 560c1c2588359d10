// Tidemark JSONL's rows as both engines store them: every column of the exported tables, as the
// project file names them, but for a person's passphrase (it protects their name in this project
// only, and never leaves it).
import type { EditableTable } from '../edit-log';

/** The columns of `table` the file has: `*` but for people's. */
export const fileColumns = (table: EditableTable): string => (table === 'people' ? 'id, name, roles, created_at' : '*');
