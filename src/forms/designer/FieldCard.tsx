// One field of a form designer: a compact outlined card with a drag handle (mouse, touch or
// keyboard through dnd-kit), buttons to move it up or down, copy it and remove it, and the
// parts of the field its kind has, each with its problem under it.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { FieldDefinition } from '../../../kernel/forms/types';
import { type Part, shows } from './fieldList';

export type CardAction = 'up' | 'down' | 'copy' | 'remove';

export interface FieldCardProps {
  /** The card's identity while the list is edited (not stored). */
  id: string;
  index: number;
  count: number;
  field: FieldDefinition;
  /** The form's source of the list (`typelist`), for the inputs' names. */
  source: string;
  /** The translated label of a part. */
  label: (part: Part) => string;
  /** The choices of the kind select. */
  types: { id: string; name: string }[];
  /** What is wrong with a part, translated, when it is to be shown. */
  problem: (part: Part) => string | undefined;
  /** Problems of parts the card does not show (bounds left from another kind). */
  otherProblems: string[];
  /** The largest length of each text part, as the schema allows. */
  maxLength: Partial<Record<Part, number>>;
  onChange: (field: Partial<FieldDefinition>) => void;
  onTouch: (part: Part) => void;
  onAction: (action: CardAction) => void;
  t: (key: string, options?: Record<string, unknown>) => string;
}

/** An icon button with its name as tooltip; the tooltip still shows when the button is disabled. */
function CardButton({
  title,
  action,
  disabled,
  onClick,
  children,
}: {
  title: string;
  action: CardAction;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton size="small" aria-label={title} disabled={disabled} onClick={onClick} data-action={action}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

const toNumber = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text));

/** Number inputs without spinner arrows, as the console's other number inputs. */
const NO_SPINNER = {
  '& input[type=number]': { MozAppearance: 'textfield' },
  '& input[type=number]::-webkit-outer-spin-button, & input[type=number]::-webkit-inner-spin-button': {
    WebkitAppearance: 'none',
    margin: 0,
  },
};

export function FieldCard({
  id,
  index,
  count,
  field,
  source,
  label,
  types,
  problem,
  otherProblems,
  maxLength,
  onChange,
  onTouch,
  onAction,
  t,
}: FieldCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const shown = (part: Part) => shows(part, field.type);
  const inputId = (part: Part) => `${source}-${id}-${part}`;
  /** The props every text part shares: its id and name, its label, its problem, marking it touched. */
  const text = (part: Part) => {
    const message = problem(part);
    return {
      id: inputId(part),
      name: `${source}.${index}.${part}`,
      label: label(part),
      fullWidth: true,
      error: message !== undefined,
      helperText: message,
      onBlur: () => onTouch(part),
      slotProps: { htmlInput: { maxLength: maxLength[part], 'data-part': part } },
    };
  };
  const heading = field.name || t('app.designer.field_n', { n: index + 1 });
  const requiredProblem = problem('required');

  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-designer-card={index}
      data-field-name={field.name}
      sx={{
        p: { xs: 1, sm: 1.5 },
        minWidth: 0,
        position: 'relative',
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 6 : undefined,
        borderColor: isDragging ? 'primary.main' : undefined,
        containerType: 'inline-size',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1, minWidth: 0 }}>
        <Tooltip title={t('app.designer.drag')}>
          <IconButton
            size="small"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('app.designer.drag_handle', { name: heading })}
            data-action="drag"
            sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 'none' }}>
          {index + 1}.
        </Typography>
        <Typography
          variant="subtitle2"
          noWrap
          sx={{ flex: 1, minWidth: 0, fontFamily: field.name ? 'monospace' : undefined }}
          title={heading}
        >
          {heading}
        </Typography>
        <Box sx={{ display: 'flex', flex: 'none' }}>
          <CardButton title={t('app.designer.move_up')} action="up" disabled={index === 0} onClick={() => onAction('up')}>
            <ArrowUpwardIcon fontSize="small" />
          </CardButton>
          <CardButton title={t('app.designer.move_down')} action="down" disabled={index === count - 1} onClick={() => onAction('down')}>
            <ArrowDownwardIcon fontSize="small" />
          </CardButton>
          <CardButton title={t('app.designer.duplicate')} action="copy" onClick={() => onAction('copy')}>
            <ContentCopyIcon fontSize="small" />
          </CardButton>
          <CardButton title={t('app.designer.remove')} action="remove" onClick={() => onAction('remove')}>
            <DeleteOutlineIcon fontSize="small" />
          </CardButton>
        </Box>
      </Box>

      {/* Two columns once the card is wide enough, one on a phone. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          gap: 1.5,
          '@container (min-width: 380px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          ...NO_SPINNER,
        }}
      >
        <TextField
          {...text('name')}
          required
          value={field.name ?? ''}
          onChange={(e) => onChange({ name: e.target.value })}
          slotProps={{ htmlInput: { ...text('name').slotProps.htmlInput, spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } }}
        />
        <TextField {...text('title')} required value={field.title ?? ''} onChange={(e) => onChange({ title: e.target.value })} />
        <TextField
          {...text('type')}
          required
          select
          value={field.type}
          onChange={(e) => onChange({ type: e.target.value as FieldDefinition['type'] })}
        >
          {types.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', minWidth: 0 }}>
          <FormControlLabel
            control={
              <Switch
                id={inputId('required')}
                name={`${source}.${index}.required`}
                checked={field.required === true}
                onChange={(_e, checked) => onChange({ required: checked })}
              />
            }
            label={label('required')}
          />
          {requiredProblem && <FormHelperText error>{requiredProblem}</FormHelperText>}
        </Box>
        {shown('param') && (
          <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
            <TextField
              {...text('param')}
              required
              multiline
              minRows={3}
              value={field.param ?? ''}
              onChange={(e) => {
                onTouch('param');
                onChange({ param: e.target.value });
              }}
              placeholder={t('app.designer.param_placeholder')}
              slotProps={{ htmlInput: { ...text('param').slotProps.htmlInput, spellCheck: false } }}
            />
          </Box>
        )}
        {shown('min') && (
          <TextField {...text('min')} type="number" value={field.min ?? ''} onChange={(e) => onChange({ min: toNumber(e.target.value) })} />
        )}
        {shown('max') && (
          <TextField {...text('max')} type="number" value={field.max ?? ''} onChange={(e) => onChange({ max: toNumber(e.target.value) })} />
        )}
        {shown('unit') && <TextField {...text('unit')} value={field.unit ?? ''} onChange={(e) => onChange({ unit: e.target.value })} />}
        <Box sx={{ gridColumn: shown('placeholder') ? undefined : '1 / -1', minWidth: 0 }}>
          <TextField {...text('info')} value={field.info ?? ''} onChange={(e) => onChange({ info: e.target.value })} />
        </Box>
        {shown('placeholder') && (
          <TextField {...text('placeholder')} value={field.placeholder ?? ''} onChange={(e) => onChange({ placeholder: e.target.value })} />
        )}
      </Box>
      {otherProblems.map((message) => (
        <FormHelperText key={message} error>
          {message}
        </FormHelperText>
      ))}
    </Paper>
  );
}
