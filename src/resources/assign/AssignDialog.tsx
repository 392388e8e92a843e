// The dialog that assigns members to a record (a well's people, its instruments): a multiple
// choice that asks the server as the person types (the member list's search), each option named
// by its representation with a few facts from the member's schema (memberInfo.ts); members the
// assignment refuses outright (a scrapped instrument) cannot be chosen. A member that is on
// another parent is named with that parent, and moved here only once the person confirms. A
// member the server assigns only with a reason (a person on leave, a certificate expiring before
// the well's end) is named with why, and assigned once the person gives one. Where the members
// must be fit to go (instruments: `reason.fitness`), each option shows its calibration and service
// state, and the ready ones come first.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { type Identifier, type RaRecord, RecordContextProvider, useDataProvider, useGetList, useTranslate } from 'react-admin';
import { LABEL_SHEETS, recordIdOfAddress } from '../../../kernel/pdf/names';
import { viewPaths } from '../../../kernel/routes/tree';
import { Code } from '../../../kernel/contract/codes';
import { registry } from '../../../kernel/schema/load-vite';
import { field } from '../../../kernel/schema/registry';
import type { AssignSpec } from '../../../kernel/schema/types';
import { assignMembers } from '../../api/assign';
import { ApiError } from '../../api/http';
import { useLabels } from '../generic/useLabels';
import { resourceNameInSentence } from '../generic/resourceName';
import { ValueField } from '../generic/ValueField';
import { searchFilter } from '../reference/search';
import type { FitnessItem } from '../../../kernel/fleet/fitness';
import { FitnessChips } from '../fitness/FitnessChips';
import { rankOf, readyFirst, useFitness } from '../fitness/useFitness';
import { type ElsewhereMember, type ReasonNeeded, elsewhereMembers, isRefused, memberInfoFields, reasonsNeeded } from './memberInfo';

/** How many matches the dialog offers at a time. */
const SUGGESTIONS = 20;
/** How long typing pauses before the server is asked (ms). */
const TYPING_PAUSE = 250;

export interface AssignDialogProps {
  /** The assignment collection (projectdevice) and its spec. */
  resource: string;
  spec: AssignSpec;
  parentId: Identifier;
  onClose: () => void;
  /** Called once members were assigned; says how many. */
  onDone: () => void;
}

export function AssignDialog({ resource, spec, parentId, onClose, onDone }: AssignDialogProps) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const member = registry.resources[spec.member];
  const memberMeta = member['x-resource'];
  const facts = useMemo(() => memberInfoFields(spec, member), [spec, member]);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<RaRecord[]>([]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [elsewhere, setElsewhere] = useState<ElsewhereMember[]>([]);
  const [reasons, setReasons] = useState<ReasonNeeded[]>([]);
  const [reason, setReason] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), TYPING_PAUSE);
    return () => clearTimeout(timer);
  }, [text]);

  const filter = useMemo(() => searchFilter(member)(query), [member, query]);
  const { data: options = [], isPending } = useGetList(spec.member, {
    pagination: { page: 1, perPage: SUGGESTIONS },
    sort: memberMeta.list.sort,
    filter,
  });
  const fitnessOn = Boolean(spec.reason?.fitness);
  const fitness = useFitness(
    options.map((record) => record.id),
    fitnessOn,
  );
  const waiting = (record: RaRecord) =>
    Object.entries(spec.reason?.when ?? {}).some(([path, values]) => values.includes(record[path] as string | number));
  const offered = fitnessOn
    ? readyFirst(options, (record) => rankOf(fitness.get(String(record.id)), waiting(record), isRefused(spec, record)))
    : options;
  const nameOf = (record: RaRecord) => String(record[memberMeta.recordRepresentation] ?? `#${record.id}`);
  const scanner = useLabelScanner(spec.member, (record) =>
    setChosen((now) => (now.some((r) => String(r.id) === String(record.id)) ? now : [...now, record])),
  );
  const title = translate('app.assign.title', { name: resourceNameInSentence(translate, spec.member, 2) });

  const send = async (move: boolean) => {
    setSending(true);
    setProblem(undefined);
    try {
      await assignMembers(
        spec,
        parentId,
        chosen.map((record) => record.id),
        move,
        reasons.length > 0 ? reason.trim() : undefined,
      );
      onDone();
    } catch (error) {
      const others = error instanceof ApiError && error.code === Code.assignedElsewhere ? elsewhereMembers(error.data) : [];
      const needed = error instanceof ApiError && error.code === Code.invalidInput ? reasonsNeeded(error.data) : [];
      if (others.length > 0) setElsewhere(others);
      else if (needed.length > 0) setReasons(needed);
      else setProblem((error as Error).message || translate('app.http.error'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="assign-dialog-title"
      data-assign-dialog={resource}
    >
      <DialogTitle id="assign-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Autocomplete
          multiple
          options={offered}
          value={chosen}
          onChange={(_event, value) => {
            setChosen(value);
            // Another choice is asked about again.
            setReasons([]);
          }}
          inputValue={text}
          onInputChange={(_event, value, reason) => reason !== 'reset' && setText(value)}
          // The server already searched; the options are what it answered.
          filterOptions={(all) => all}
          filterSelectedOptions
          loading={isPending}
          disableCloseOnSelect
          isOptionEqualToValue={(a, b) => a.id === b.id}
          getOptionLabel={nameOf}
          getOptionDisabled={(record) => isRefused(spec, record)}
          noOptionsText={translate('ra.navigation.no_results', { name: resourceNameInSentence(translate, spec.member, 2) })}
          loadingText={translate('ra.page.loading')}
          renderOption={({ key, ...props }, record) => (
            <li key={key} {...props}>
              <MemberOption
                resource={spec.member}
                record={record}
                name={nameOf(record)}
                facts={facts}
                fitness={fitnessOn ? (fitness.get(String(record.id)) ?? null) : undefined}
              />
            </li>
          )}
          renderInput={(params) => <TextField {...params} autoFocus label={translate('app.assign.search')} sx={{ mt: 1 }} />}
          sx={{ mb: 2 }}
        />
        {scanner.pattern && <ScanField scanner={scanner} nameOf={nameOf} />}
        {reasons.length > 0 && (
          <ReasonAsk
            reasons={reasons}
            reason={reason}
            onReason={setReason}
            maxLength={spec.reason && registry.resources[resource].properties?.[spec.reason.field]?.maxLength}
          />
        )}
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || sending || (reasons.length > 0 && reason.trim() === '')}
          onClick={() => void send(false)}
        >
          {translate(reasons.length > 0 ? 'app.assign.reason_confirm' : 'app.assign.assign')}
        </Button>
      </DialogActions>
      {elsewhere.length > 0 && (
        <MoveConfirm
          others={elsewhere}
          names={new Map(chosen.map((record) => [String(record.id), nameOf(record)]))}
          sending={sending}
          onCancel={() => setElsewhere([])}
          onMove={() => {
            setElsewhere([]);
            void send(true);
          }}
        />
      )}
    </Dialog>
  );
}

/**
 * What a scanner types into the scan field: a label's address, then Enter. Each address names a
 * record of `member` by its record page (the labels' QR codes, kernel/pdf/names.ts), read and
 * handed to `onFound`; the field is emptied for the next label and keeps the focus.
 */
function useLabelScanner(member: string, onFound: (record: RaRecord) => void) {
  const dataProvider = useDataProvider();
  const [text, setText] = useState('');
  const [note, setNote] = useState<{ found?: RaRecord; unknown?: string }>();
  const pattern = useMemo(() => {
    if (!LABEL_SHEETS[member]) return undefined;
    const pages = viewPaths(registry.routes)[member];
    return pages?.record ?? pages?.show ?? pages?.edit;
  }, [member]);
  const scan = async (typed: string) => {
    const id = pattern ? recordIdOfAddress(typed, pattern) : undefined;
    if (id === undefined) return setNote({ unknown: typed });
    try {
      const { data } = await dataProvider.getOne(member, { id });
      onFound(data);
      setNote({ found: data });
    } catch {
      setNote({ unknown: typed });
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    // The scanner's Enter ends one label: it neither submits nor closes the dialog.
    event.preventDefault();
    event.stopPropagation();
    const typed = text.trim();
    setText('');
    if (typed) void scan(typed);
  };
  return { pattern, text, setText, note, onKeyDown };
}

function ScanField({ scanner, nameOf }: { scanner: ReturnType<typeof useLabelScanner>; nameOf: (record: RaRecord) => string }) {
  const translate = useTranslate();
  const { note } = scanner;
  return (
    <Box sx={{ mb: 2 }} data-label-scanner>
      <TextField
        label={translate('app.assign.scan')}
        value={scanner.text}
        onChange={(event) => scanner.setText(event.target.value)}
        onKeyDown={scanner.onKeyDown}
        fullWidth
        size="small"
        helperText={translate('app.assign.scan_help')}
        slotProps={{ htmlInput: { 'data-scan-input': true, autoComplete: 'off', maxLength: 500 } }}
      />
      {note && (
        <Alert severity={note.found ? 'success' : 'warning'} sx={{ mt: 1, py: 0 }} role="status" data-scan-note>
          {note.found
            ? translate('app.assign.scan_added', { name: nameOf(note.found) })
            : translate('app.assign.scan_unknown', { text: note.unknown ?? '' })}
        </Alert>
      )}
    </Box>
  );
}

/** Why the chosen members need a reason, person by person, and the reason asked for. */
interface ReasonAskProps {
  reasons: ReasonNeeded[];
  reason: string;
  onReason: (text: string) => void;
  maxLength?: number;
}

function ReasonAsk({ reasons, reason, onReason, maxLength }: ReasonAskProps) {
  const translate = useTranslate();
  return (
    <Box data-reason-ask>
      <Alert severity="warning" sx={{ mb: 2 }}>
        <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
          {translate('app.assign.reason_title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('app.assign.reason_intro')}
        </Typography>
        {reasons.map((needed) => (
          <Box key={String(needed.member)} sx={{ mb: 0.5 }} data-reason-member={needed.memberName}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {needed.memberName}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {needed.warnings.map((warning, i) => (
                <Typography key={i} component="li" variant="body2">
                  {warning.text}
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </Alert>
      <TextField
        label={translate('app.assign.reason_label')}
        value={reason}
        onChange={(event) => onReason(event.target.value)}
        required
        multiline
        minRows={2}
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { maxLength } }}
        sx={{ mb: 2 }}
      />
    </Box>
  );
}

/** One option: the member's name, then a few facts about it (a status chip, its current well). */
interface MemberOptionProps {
  resource: string;
  record: RaRecord;
  name: string;
  facts: string[];
  /** Its fitness when the members must be fit to go (null while it is asked for). */
  fitness?: FitnessItem | null;
}

function MemberOption({ resource, record, name, facts, fitness }: MemberOptionProps) {
  const labels = useLabels(resource);
  const schema = registry.resources[resource];
  return (
    <Box sx={{ minWidth: 0 }} data-option={name}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
      <RecordContextProvider value={record}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 1.5,
            rowGap: 0.5,
            alignItems: 'center',
            color: 'text.secondary',
            typography: 'caption',
          }}
        >
          {facts.map((path) => (
            <Box key={path} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
              <span>{labels.field(path)}:</span>
              <ValueField source={path} resource={resource} schema={field(schema, path)?.schema ?? {}} withUnit />
            </Box>
          ))}
        </Box>
      </RecordContextProvider>
      {fitness && (
        <Box sx={{ mt: 0.5 }}>
          <FitnessChips item={fitness} />
        </Box>
      )}
    </Box>
  );
}

interface MoveConfirmProps {
  others: ElsewhereMember[];
  /** The chosen members' names by id, for a refusal that does not name them. */
  names: Map<string, string>;
  sending: boolean;
  onCancel: () => void;
  onMove: () => void;
}

/** Asks whether members on another parent should be moved here, naming each one and where it is. */
function MoveConfirm({ others, names, sending, onCancel, onMove }: MoveConfirmProps) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onCancel} aria-labelledby="move-dialog-title" data-move-confirm>
      <DialogTitle id="move-dialog-title">{translate('app.assign.move_title')}</DialogTitle>
      <DialogContent>
        {others.map((other) => (
          <Typography key={String(other.member)} sx={{ mb: 1 }}>
            {translate('app.assign.elsewhere', {
              member: other.memberName ?? names.get(String(other.member)) ?? `#${other.member}`,
              parent: other.parent.name,
            })}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={sending} onClick={onMove}>
          {translate('app.assign.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
