// The charts, each loaded with the chart library's chunk the first time one is drawn; until then
// a grey block of the chart's size holds its place.
import Skeleton from '@mui/material/Skeleton';
import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';

const load = () => import('./charts');
const LazyCount = lazy(() => load().then((m) => ({ default: m.CountChart })));
const LazyMonth = lazy(() => load().then((m) => ({ default: m.MonthChart })));
const LazyMonthValues = lazy(() => load().then((m) => ({ default: m.MonthValuesChart })));
const LazyPareto = lazy(() => load().then((m) => ({ default: m.ParetoChart })));

function withPlaceholder<P extends object>(Chart: ComponentType<P>) {
  return function Placeholder(props: P) {
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

export const CountChart = withPlaceholder<ComponentProps<typeof LazyCount>>(LazyCount);
export const MonthChart = withPlaceholder<ComponentProps<typeof LazyMonth>>(LazyMonth);
export const MonthValuesChart = withPlaceholder<ComponentProps<typeof LazyMonthValues>>(LazyMonthValues);
export const ParetoChart = withPlaceholder<ComponentProps<typeof LazyPareto>>(LazyPareto);
