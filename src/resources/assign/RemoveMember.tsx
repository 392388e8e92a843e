// The last cell of an assignment row: on a current one, Remove (after a confirmation naming the
// member), which ends the assignment; on a past one, a mark saying it has ended.
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { Button, Confirm, type Identifier, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { isCurrent } from '../../../kernel/schema/assign';
import type { AssignSpec } from '../../../kernel/schema/types';
import { removeMembers } from '../../api/assign';
import { ReferenceValue } from '../reference/ReferenceValue';

export interface RemoveMemberProps {
  spec: AssignSpec;
  parentId: Identifier;
  /** The assignment's field holding the member's id. */
  memberField: string;
  onRemoved: () => void;
}

export function RemoveMember({ spec, parentId, memberField, onRemoved }: RemoveMemberProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  if (!record) return null;
  if (!isCurrent(record, spec)) return <Chip size="small" variant="outlined" label={translate('app.assign.ended')} data-ended />;

  const remove = async () => {
    setSending(true);
    try {
      await removeMembers(spec, parentId, [record[memberField] as Identifier]);
      setAsking(false);
      onRemoved();
    } catch (error) {
      notify((error as Error).message || translate('app.http.error'), { type: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button
        label="app.assign.remove"
        color="error"
        onClick={(event) => {
          // The row's own click opens the member's page.
          event.stopPropagation();
          setAsking(true);
        }}
      >
        <LinkOffIcon />
      </Button>
      <Confirm
        isOpen={asking}
        loading={sending}
        title="app.assign.remove_title"
        content={<RemoveQuestion reference={spec.member} source={memberField} />}
        onConfirm={() => void remove()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/** "Take T1234 off this well?" with the member named by its representation. */
function RemoveQuestion({ reference, source }: { reference: string; source: string }) {
  const translate = useTranslate();
  return (
    <span>
      {translate('app.assign.remove_question')} <ReferenceValue source={source} reference={reference} />
    </span>
  );
}
