// Home's slides and notices: the items of two groups of group data (Settings → Group data, by their
// key) that are switched on, in the group's order, for everyone signed in. What each item shows
// comes from the fields its group defines: the first picture field, the first one-line text as its
// title, the first longer text as its body, a text holding a path of the console ("/device/index")
// as its link, and the other values under it by their titles.
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import type { ShownAnswer } from '../../../kernel/schema/types';
import { useFileUrl } from '../../resources/files/useFileUrl';
import { useApiData } from '../../resources/statistics/useApiData';

/** The keys (config_name) of the groups Home shows. */
const SLIDES_GROUP = 'home_slides';
const NOTICES_GROUP = 'notices';
/** A slide stays this long before the next one turns. */
const SLIDE_MS = 6000;

/** The call that answers a group's items switched on: the first resource whose forms declare one. */
const shown = Object.values(registry.resources)
  .map((schema) => schema['x-resource'].forms?.shown)
  .find((spec) => spec !== undefined);

type Item = ShownAnswer['list'][number];
type Fields = ShownAnswer['fields'];

const PICTURE_TYPES = new Set(['upload', 'uploads']);
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
/** A path of the console: where a click on the item goes. */
const isPath = (value: unknown): value is string => typeof value === 'string' && value.startsWith('/');

/** What an item shows, by the kinds of its group's fields. */
function roles(fields: Fields) {
  const picture = fields.find((f) => PICTURE_TYPES.has(f.type))?.name;
  const title = fields.find((f) => f.type === 'input')?.name;
  const body = fields.find((f) => f.type === 'textarea')?.name;
  return {
    picture: (item: Item) => {
      const value = picture ? item[picture] : undefined;
      return text(Array.isArray(value) ? value[0] : value) || undefined;
    },
    title: (item: Item) => (title ? text(item[title]) : ''),
    body: (item: Item) => (body ? text(item[body]) : ''),
    link: (item: Item) =>
      fields
        .filter((f) => !PICTURE_TYPES.has(f.type))
        .map((f) => item[f.name])
        .find(isPath),
    /** The other values, "Title: value". */
    details: (item: Item) =>
      fields
        .filter((f) => ![picture, title, body].includes(f.name) && !PICTURE_TYPES.has(f.type) && !isPath(item[f.name]))
        .flatMap((f) => (text(item[f.name]) ? [`${f.title}: ${text(item[f.name])}`] : [])),
  };
}

function useShown(group: string) {
  return useApiData<ShownAnswer>(shown?.path ?? '', shown ? { [shown.key]: group } : undefined);
}

/** Home's slides and notices, side by side on a wide screen; each only when it has items. */
export function ShowcaseCards() {
  if (!shown) return null;
  return <Showcase />;
}

function Showcase() {
  const slides = useShown(SLIDES_GROUP).data;
  const notices = useShown(NOTICES_GROUP).data;
  const hasSlides = Boolean(slides?.list.length);
  const hasNotices = Boolean(notices?.list.length);
  if (!hasSlides && !hasNotices) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: hasSlides && hasNotices ? 'minmax(0, 7fr) minmax(0, 5fr)' : 'minmax(0, 1fr)' },
      }}
    >
      {hasSlides && <Slides answer={slides!} />}
      {hasNotices && <Notices answer={notices!} />}
    </Box>
  );
}

function Slide({ item, shownNow, of }: { item: Item; shownNow: boolean; of: ReturnType<typeof roles> }) {
  const src = useFileUrl(of.picture(item));
  const title = of.title(item);
  const link = of.link(item);
  const inner = (
    <>
      {src && <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />}
      {title && (
        <Typography
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            px: 2,
            py: 1,
            color: '#fff',
            bgcolor: 'rgba(0, 0, 0, 0.55)',
            fontWeight: 500,
            textAlign: 'left',
          }}
        >
          {title}
        </Typography>
      )}
    </>
  );
  const box = {
    position: 'absolute',
    inset: 0,
    opacity: shownNow ? 1 : 0,
    visibility: shownNow ? 'visible' : 'hidden',
    transition: 'opacity 400ms, visibility 400ms',
  } as const;
  return link ? (
    <Box component={Link} to={link} sx={box} data-slide={title} aria-hidden={!shownNow} tabIndex={shownNow ? 0 : -1}>
      {inner}
    </Box>
  ) : (
    <Box sx={box} data-slide={title} aria-hidden={!shownNow}>
      {inner}
    </Box>
  );
}

function Slides({ answer }: { answer: ShownAnswer }) {
  const translate = useTranslate();
  const of = roles(answer.fields);
  const count = answer.list.length;
  const [index, setIndex] = useState(0);
  const [turns, setTurns] = useState(0);
  const current = index % count;
  const go = (to: number) => {
    setIndex((to + count) % count);
    setTurns((n) => n + 1); // a person's choice starts the wait for the next turn again
  };
  useEffect(() => {
    if (count < 2 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [count, turns]);
  return (
    <Card
      component="section"
      sx={{ minWidth: 0, alignSelf: 'start' }}
      data-home-slides
      aria-roledescription="carousel"
      aria-label={translate('app.home.slides.title')}
    >
      <Box sx={{ position: 'relative', aspectRatio: '2 / 1', bgcolor: 'action.hover' }}>
        {answer.list.map((item, i) => (
          <Slide key={String(item.id)} item={item} shownNow={i === current} of={of} />
        ))}
        {count > 1 && (
          <>
            <IconButton
              aria-label={translate('app.home.slides.previous')}
              onClick={() => go(current - 1)}
              sx={{ position: 'absolute', left: 4, top: '50%', transform: 'translateY(-50%)', color: '#fff', bgcolor: 'rgba(0,0,0,0.35)' }}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label={translate('app.home.slides.next')}
              onClick={() => go(current + 1)}
              sx={{ position: 'absolute', right: 4, top: '50%', transform: 'translateY(-50%)', color: '#fff', bgcolor: 'rgba(0,0,0,0.35)' }}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </Box>
      {count > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', gap: 1, py: 1 }}>
          {answer.list.map((item, i) => (
            <ButtonBase
              key={String(item.id)}
              aria-label={translate('app.home.slides.go', { n: i + 1, count })}
              aria-current={i === current}
              onClick={() => go(i)}
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: i === current ? 'primary.main' : 'action.disabled' }}
            />
          ))}
        </Box>
      )}
    </Card>
  );
}

function Notices({ answer }: { answer: ShownAnswer }) {
  const translate = useTranslate();
  const of = roles(answer.fields);
  const title = translate('app.home.notices');
  return (
    <Card sx={{ minWidth: 0 }} data-home-notices>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <List dense disablePadding aria-label={title} sx={{ maxHeight: 360, overflowY: 'auto' }}>
          {answer.list.map((item) => {
            const heading = of.title(item);
            const link = of.link(item);
            const details = of.details(item);
            return (
              <ListItem key={String(item.id)} divider disableGutters sx={{ display: 'block' }} data-notice={heading}>
                <Typography sx={{ fontWeight: 600 }}>
                  {link ? (
                    <Box component={Link} to={link} sx={{ color: 'primary.main' }}>
                      {heading}
                    </Box>
                  ) : (
                    heading
                  )}
                </Typography>
                {of.body(item) && (
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {of.body(item)}
                  </Typography>
                )}
                {details.length > 0 && (
                  <Typography variant="caption" color="text.secondary">
                    {details.join(' · ')}
                  </Typography>
                )}
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
