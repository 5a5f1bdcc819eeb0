// English messages of the online editor page: the keys of `officeZh` (checked by the type and by i18n.test.ts).
import type { OfficeMessages } from './i18n';

export const officeEn: OfficeMessages = {
  page: {
    toolbar: 'Online editing',
    loading: 'Opening the document…',
    version: 'Version %{version}',
    latest: ' (latest: version %{latest})',
    read_only: 'Read only',
    save: 'Save',
    saving: 'Saving…',
    close: 'Close',
    closing: 'Saving…',
    closing_hint: 'Waiting for the document server to save; keep this window open',
    close_timeout: 'The document server did not report its save within 60 seconds',
    bad_address: 'Invalid address: expected /office/journal/<journal id> or /office/copy/<copy id>',
    back: 'Back',
  },
  open: {
    failed_journal: 'The journal could not be opened',
    failed_copy: 'The manuscript could not be opened',
    failed: 'Could not open',
  },
  reason: {
    forbidden: 'You may not edit it: opened read only',
    done: 'The journal is finalised: opened read only',
    locked: '%{holder} is editing it (since %{since}): opened read only',
    locked_unknown: 'Someone else is editing it: opened read only',
  },
  lock: {
    lost: 'The editing lock was lost; open the document again',
    reopen: 'Open again',
  },
  save: {
    saved: 'Saved as version %{version}',
    unchanged: 'No changes: no new version',
    stale: 'Saved as a new version, but version %{latest} was uploaded by someone else meanwhile',
    failed: 'Save failed: %{message}',
  },
  unsaved: {
    title: 'Unsaved changes',
    text: 'Save your changes before closing?',
    save: 'Save',
    discard: 'Don’t save',
    cancel: 'Cancel',
  },
  editor: {
    script_failed: 'The editor failed to load: %{message}',
    frame_title: 'Online editor',
  },
};
