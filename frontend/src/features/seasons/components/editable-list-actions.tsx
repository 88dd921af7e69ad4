import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UNSAVED_TEXT, type useEditableList } from '../use-editable-list';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

interface EditableListActionsProps {
  list: Pick<ReturnType<typeof useEditableList>, 'unsaved' | 'saving' | 'saveAll' | 'removeAt'>;
  /** The owner's Save bar; others only read the list. */
  showSave: boolean;
  /** The entry whose delete is being asked about, or null. */
  deleting: number | null;
  onDeletingChange: (index: number | null) => void;
  deleteTitle: string;
  deleteText: string;
}

/** Below an owner's builds or screenshots: Save with the unsaved mark, and the Cancel / Confirm Delete question. */
export function EditableListActions({
  list,
  showSave,
  deleting,
  onDeletingChange,
  deleteTitle,
  deleteText,
}: EditableListActionsProps) {
  return (
    <>
      {showSave && (
        <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center' }}>
          <Button variant="contained" onClick={() => void list.saveAll()} disabled={!list.unsaved || list.saving}>
            Save
          </Button>
          {list.unsaved && <Typography color="warning.main">{UNSAVED_TEXT}</Typography>}
        </Stack>
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={deleteTitle}
        text={deleteText}
        onCancel={() => onDeletingChange(null)}
        onConfirm={() => {
          onDeletingChange(null);
          if (deleting !== null) void list.removeAt(deleting);
        }}
      />
    </>
  );
}
