// Home: what a manager of tools and wells looks at first — the slides and notices of the group
// data that are switched on, where the instruments are (how many in
// each status, each leading to its filtered list), how many crews there are, the wells in progress
// and the footage drilled this month, the instruments due, the spare parts to reorder and the people's certificates expiring,
// and the latest runs and repairs, each naming its instrument with a link to the instrument's record page.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { type Theme, useTheme } from '@mui/material/styles';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { Title, useGetIdentity, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { abbreviateNumber } from '../format';
import { registry } from '../../kernel/schema/load-vite';
import { properties } from '../../kernel/schema/registry';
import { colorsOf } from '../../kernel/schema/check-colors';
import { flattenRoutes } from '../../kernel/routes/tree';
import { useVisibleRoutes } from '../routes/useVisibleRoutes';
import { parseScreen } from '../../kernel/schema/route-component';
import type { StatisticsAnswer, StatisticsResult } from '../../kernel/schema/statistics';
import type { PerMonthSpec } from '../../kernel/schema/types';
import { LatestRecords } from '../resources/statistics/LatestRecords';
import { useLabels } from '../resources/generic/useLabels';
import { useApiData } from '../resources/statistics/useApiData';
import { useLinks } from '../resources/useLinks';
import { CertificatesCard } from './home/CertificatesCard';
import { DueCard } from './home/DueCard';
import { DuplicatesCard } from './home/DuplicatesCard';
import { StockCard } from './home/StockCard';
import { ShowcaseCards } from './home/ShowcaseCards';

const listLink = (path: string, filter?: Record<string, unknown>) =>
  filter ? `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}` : path;

function useTotal(resource: string, filter: Record<string, unknown> = {}) {
  const { total, isPending, error } = useGetList(resource, { filter, pagination: { page: 1, perPage: 1 } });
  return { total, isPending, error };
}

interface FigureProps {
  label: string;
  to?: string;
  accent: string;
  /** The figure as shown; its exact value in the tooltip. */
  figure?: ReactNode;
  exact?: string;
  isPending: boolean;
  error: unknown;
  /** What the figure is counted in ("m"), after it. */
  unit?: string;
}

/** One figure of Home, leading to where it comes from. */
function FigureCard({ label, to, accent, figure, exact, isPending, error, unit }: FigureProps) {
  const translate = useTranslate();
  const content = (
    <CardContent>
      <Typography color="text.secondary" sx={{ fontSize: 14 }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} title={exact} data-figure>
        {isPending ? '…' : error ? '—' : figure}
        {unit && !isPending && !error && (
          <Typography component="span" color="text.secondary" sx={{ fontSize: 16, fontWeight: 400, ml: 0.5 }}>
            {unit}
          </Typography>
        )}
      </Typography>
      {Boolean(error) && (
        <Typography variant="caption" color="error">
          {translate('app.home.loading_failed')}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card sx={{ borderTop: 3, borderColor: accent }}>
      {to ? (
        <CardActionArea component={Link} to={to} data-count={label}>
          {content}
        </CardActionArea>
      ) : (
        <div data-count={label}>{content}</div>
      )}
    </Card>
  );
}

function CountCard({
  resource,
  filter,
  ...card
}: {
  label: string;
  resource: string;
  filter?: Record<string, unknown>;
  to?: string;
  accent: string;
}) {
  const { total, isPending, error } = useTotal(resource, filter);
  return (
    <FigureCard
      {...card}
      isPending={isPending}
      error={error}
      figure={abbreviateNumber(total ?? 0)}
      exact={total !== undefined ? String(total) : undefined}
    />
  );
}

/** The path of a resource's statistics screen in the person's route tree, if they may open it. */
function useStatisticsPath(resource: string): string | undefined {
  return flattenRoutes(useVisibleRoutes()).find(({ node }) => {
    const target = node.component ? parseScreen(node.component) : undefined;
    return target?.resource === resource && target.view === 'statistics';
  })?.fullPath;
}

type PerMonth = Extract<StatisticsResult, { perMonth: unknown }>;

/**
 * The first per-month entry of a resource's statistics that adds up a field (the wells': the
 * footage of the trips out of the hole each month), with the call that answers it.
 */
function monthSumEntry(resource: string) {
  const spec = registry.resources[resource]?.['x-resource'].statistics;
  const index = spec?.entries.findIndex((e) => 'perMonth' in e && e.perMonth.sum !== undefined) ?? -1;
  if (!spec || index < 0) return undefined;
  const { perMonth } = spec.entries[index] as { perMonth: PerMonthSpec };
  const counted = perMonth.resource ?? resource;
  return { path: spec.path, index, resource: counted, field: properties(registry.resources[counted])[perMonth.sum!] };
}

/**
 * This month's sum, read from the current month of that entry: Home asks the call the statistics
 * screen asks, and no call of its own.
 */
function MonthSumCard({
  entry,
  label,
  accent,
  to,
}: {
  entry: NonNullable<ReturnType<typeof monthSumEntry>>;
  label: string;
  accent: string;
  to?: string;
}) {
  const [locale] = useLocaleState();
  const unit = useLabels(entry.resource).unit(entry.field);
  const { data, isPending, error } = useApiData<StatisticsAnswer>(entry.path);
  const value = (data?.entries[entry.index] as PerMonth | undefined)?.months.at(-1)?.value ?? 0;
  return (
    <FigureCard
      label={label}
      to={to}
      accent={accent}
      isPending={isPending}
      error={error}
      figure={abbreviateNumber(value)}
      exact={value.toLocaleString(locale, { maximumFractionDigits: 2 })}
      unit={unit}
    />
  );
}

/** The wells: how many are in progress (leading to that list) and the footage drilled this month. */
function WellFigures() {
  const translate = useTranslate();
  const links = useLinks();
  const statistics = useStatisticsPath('project');
  const list = links.to('project', 'list');
  if (!registry.resources.project || !list) return null;
  const inProgress = { status: 0 };
  const footage = monthSumEntry('project');
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        {translate('app.home.wells')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(7, 1fr)' }, mb: 3 }}>
        <CountCard
          label={translate('app.home.wells_in_progress')}
          resource="project"
          filter={inProgress}
          to={listLink(list, inProgress)}
          accent="#36a3f7"
        />
        {footage && <MonthSumCard entry={footage} label={translate('app.home.footage_this_month')} to={statistics} accent="#fa8c16" />}
      </Box>
    </>
  );
}

/** Neutral accents for statuses whose colour the schema does not name. */
const STATUS_ACCENTS = ['#40c9c6', '#36a3f7', '#f4516c', '#fa8c16', '#909399'];

/**
 * The accent of each device status: the theme colour the schema names for its chip (x-ui.colors),
 * else a neutral one. (The lists' chip colouring would add a chunk to the first page the console loads.)
 */
function useStatusAccent() {
  const theme = useTheme();
  const named = colorsOf(properties(registry.resources.device).status ?? {});
  return (status: unknown, index: number) => {
    const color = named[String(status)];
    if (!color) return STATUS_ACCENTS[index % STATUS_ACCENTS.length];
    return color === 'default' ? theme.palette.grey[500] : theme.palette[color].main;
  };
}

/** On a phone, a link of the page (an instrument, a person) is a touch target 44 px tall at least. */
const phoneLinks = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& a:not(.MuiCardActionArea-root)': { display: 'inline-flex', alignItems: 'center', minHeight: 44 },
  },
});

export function Home() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const statusColor = useStatusAccent();
  const statuses = registry.resources.device.properties?.status?.enum ?? [];
  const { userecord, fitrecord } = registry.resources;
  return (
    <Box sx={[{ py: 1 }, phoneLinks]} data-page="home">
      <Title title={translate('route.Home')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.home.welcome', { name: identity?.fullName ?? '' })}
      </Typography>
      <ShowcaseCards />
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        {translate('app.home.devices')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(7, 1fr)' }, mb: 3 }}>
        <CountCard label={translate('app.home.all_devices')} resource="device" to="/device/index" accent="#1890ff" />
        {statuses.map((status, i) => (
          <CountCard
            key={String(status)}
            label={translate(`resources.device.enums.status.${status}`)}
            resource="device"
            filter={{ status }}
            to={listLink('/device/index', { status })}
            accent={statusColor(status, i)}
          />
        ))}
        <CountCard label={translate('app.home.crews')} resource="crew" to="/crew/index" accent="#13c2c2" />
      </Box>
      <WellFigures />
      <DuplicatesCard />
      <DueCard />
      <StockCard />
      <CertificatesCard />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {userecord && (
          <LatestRecords
            resource="userecord"
            title={translate('app.home.latest_runs')}
            timeField="starttime"
            fields={['device', 'project', 'usetime', 'status']}
          />
        )}
        {fitrecord && (
          <LatestRecords
            resource="fitrecord"
            title={translate('app.home.latest_repairs')}
            timeField="songTime"
            fields={['device', 'songReason', 'returnTime']}
          />
        )}
      </Box>
    </Box>
  );
}
