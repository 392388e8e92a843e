// One message or notification in a list (the bell's drawer, the two screens): its title, bold
// with a dot while unread, a line saying from whom or about what, its text cut to two lines, how
// long ago it came, and the row's own buttons on the right.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { relativeTime } from '../format';

export interface NoticeRowProps {
  id: number;
  kind: 'message' | 'notification';
  icon: ReactNode;
  title: string;
  /** From whom, to whom: shown before the time. */
  byline?: string;
  text?: string;
  createdAt: string;
  unread: boolean;
  onOpen: () => void;
  actions?: ReactNode;
  /** A digest's lines, each a link to what it is about; the first LINES_SHOWN are shown, the rest on asking. */
  lines?: { text: string; link?: string }[];
  /** Told when one of the lines is followed (marks the notice read). */
  onReadLine?: () => void;
}

export const LINES_SHOWN = 10;

const twoLines = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;

export function NoticeRow({ id, kind, icon, title, byline, text, createdAt, unread, onOpen, actions, lines, onReadLine }: NoticeRowProps) {
  const translate = useTranslate();
  const when = relativeTime(createdAt, new Date(), translate);
  const [allLines, setAllLines] = useState(false);
  // A line followed reads the notice as opening it would, without leaving for its own link.
  const onOpenLine = () => onReadLine?.();
  return (
    <ListItem
      disablePadding
      divider
      data-notice-row={`${kind}-${id}`}
      data-unread={unread || undefined}
      sx={{ alignItems: 'stretch', flexWrap: 'wrap' }}
    >
      <ListItemButton onClick={onOpen} sx={{ alignItems: 'flex-start', minWidth: 0, py: 1 }}>
        <ListItemIcon sx={{ minWidth: 36, mt: 0.25, color: unread ? 'primary.main' : 'text.disabled' }}>{icon}</ListItemIcon>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            {unread && (
              <Box
                component="span"
                role="img"
                aria-label={translate('app.notices.unread')}
                sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main', flex: 'none' }}
              />
            )}
            <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 400, overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
          </Box>
          {text && (
            <Typography variant="body2" color="text.secondary" sx={{ ...twoLines, overflowWrap: 'anywhere' }}>
              {text}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {byline ? `${byline} · ` : ''}
            <time dateTime={createdAt} title={new Date(createdAt).toLocaleString()}>
              {when}
            </time>
          </Typography>
        </Box>
      </ListItemButton>
      {actions && <Box sx={{ display: 'flex', alignItems: 'center', pr: 0.5, flex: 'none' }}>{actions}</Box>}
      {lines && lines.length > 0 && (
        // Beside the row's button, not in it: each line is a link of its own.
        <Box component="ul" sx={{ flexBasis: '100%', m: 0, pl: 8.5, pr: 2, pb: 1, listStyle: 'disc' }}>
          {(allLines ? lines : lines.slice(0, LINES_SHOWN)).map((line, index) => (
            <Typography key={index} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {line.link ? (
                <MuiLink component={Link} to={line.link} onClick={onOpenLine}>
                  {line.text}
                </MuiLink>
              ) : (
                line.text
              )}
            </Typography>
          ))}
          {lines.length > LINES_SHOWN && !allLines && (
            <Box component="li" sx={{ listStyle: 'none' }}>
              <Button size="small" sx={{ px: 0, minWidth: 0 }} onClick={() => setAllLines(true)}>
                {translate('app.notices.more_lines', { smart_count: lines.length - LINES_SHOWN })}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </ListItem>
  );
}
