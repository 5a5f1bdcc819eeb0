import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { DataTable, SelectInput, TextInput } from 'react-admin';
import { useRowPermissions } from '../shared/access';
import { BulkDeleteButton, DeleteRowButton } from '../shared/DeleteButtons';
import { DialogList } from '../shared/DialogList';
import { EnabledSwitch } from '../shared/EnabledSwitch';
import { actionsColumnSx, EditIconButton, EllipsisText, EmptyState, RowActions, YesNo } from '../shared/ListParts';
import { type GlossaryTerm, MT_RESOURCE } from './api';
import { GlossaryFormDialog } from './GlossaryFormDialog';
import { termWithEnabled } from './glossaryForm';
import { useMtText } from './useMtText';

const Col = DataTable.Col<GlossaryTerm>;

/**
 * The glossary (`api/mtGlossary`, the list of the `system/mt` resource): search, enabled filter,
 * create/edit dialog, enable switch and (bulk) delete, each behind its `mt:*` permission.
 */
export function GlossaryList() {
  const t = useMtText();
  const { canEdit, canDelete } = useRowPermissions(MT_RESOURCE);
  const filters = useMemo(
    () => [
      <TextInput
        key="blurry"
        source="blurry"
        label={t('glossary.search')}
        placeholder={t('glossary.search_placeholder')}
        alwaysOn
        resettable
      />,
      <SelectInput
        key="enabled"
        source="enabled"
        label={t('glossary.status')}
        choices={[
          { id: 'true', name: t('glossary.enabled') },
          { id: 'false', name: t('glossary.disabled') },
        ]}
        translateChoice={false}
        alwaysOn
        emptyText={t('glossary.all')}
      />,
    ],
    [t],
  );
  return (
    <Box component="section" aria-label={t('glossary.title')}>
      <Box sx={{ px: 0.5, pt: 0.5 }}>
        <Typography variant="subtitle2" component="h2">
          {t('glossary.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('glossary.hint')}
        </Typography>
      </Box>
      <DialogList<GlossaryTerm>
        resource={MT_RESOURCE}
        title={t('title')}
        filters={filters}
        sort={{ field: 'source', order: 'ASC' }}
        dialog={({ open, record, onClose }) => <GlossaryFormDialog open={open} term={record} onClose={onClose} />}
      >
        {(onEdit) => (
          <DataTable rowClick={false} bulkActionButtons={canDelete ? <BulkDeleteButton /> : false} empty={<EmptyState text={t('glossary.empty')} />}>
            <Col source="source" label={t('glossary.source')} render={(term) => <EllipsisText text={term.source} maxWidth={280} />} />
            <Col source="target" label={t('glossary.target')} render={(term) => <EllipsisText text={term.target} maxWidth={280} />} />
            <Col
              source="caseSensitive"
              label={t('glossary.case_sensitive')}
              disableSort
              render={(term) => <YesNo value={term.caseSensitive} yes={t('glossary.yes')} no={t('glossary.no')} />}
            />
            <Col
              source="enabled"
              label={t('glossary.status')}
              render={(term) => <EnabledSwitch record={term} name={term.source} toPayload={termWithEnabled} />}
            />
            <Col source="memo" label={t('glossary.memo')} disableSort render={(term) => <EllipsisText text={term.memo} maxWidth={240} />} />
            <Col source="updateTime" label={t('glossary.update_time')} />
            {(canEdit || canDelete) && (
              <Col
                label={t('glossary.actions')}
                disableSort
                sx={actionsColumnSx}
                render={(term) => (
                  <RowActions>
                    <EditIconButton onClick={() => onEdit(term)} />
                    <DeleteRowButton record={term} />
                  </RowActions>
                )}
              />
            )}
          </DataTable>
        )}
      </DialogList>
    </Box>
  );
}
