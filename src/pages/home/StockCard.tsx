// Home's card of the spare parts below their reorder level, by base, longest low first, each
// linked to the part's page with what is left and its reorder level in the line's unit. The server
// lists them (GET /device/stock/low, server/stock/).
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { STOCK_LOW_PATH, type StockLowAnswer } from '../../../kernel/stock/low';
import { useApiData } from '../../resources/statistics/useApiData';
import { useLinks } from '../../resources/useLinks';

/** Shown to those who may see the spare parts (the call answers them alone). */
export function StockCard() {
  const links = useLinks();
  return links.to('accessory', 'list') ? <LowStock links={links} /> : null;
}

function LowStock({ links }: { links: ReturnType<typeof useLinks> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, error } = useApiData<StockLowAnswer>(STOCK_LOW_PATH);
  const title = translate('app.home.stock.title');
  const items = data?.items ?? [];
  const number = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 2 });
  return (
    <Card sx={{ minWidth: 0, mb: 3 }} data-stock-low>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {items.length > 0 && <Chip size="small" color="warning" label={items.length} />}
        </Box>
        {isPending ? (
          <Typography color="text.secondary">…</Typography>
        ) : error ? (
          <Typography color="error">{translate('app.home.loading_failed')}</Typography>
        ) : items.length === 0 ? (
          <Typography color="text.secondary">{translate('app.home.stock.none')}</Typography>
        ) : (
          <List dense disablePadding aria-label={title} sx={{ maxHeight: 360, overflowY: 'auto' }}>
            {items.map((item) => {
              const to = links.to('accessory', 'record', item.part);
              const unit = translate(`resources.stock.enums.unit.${item.unit}`, { _: item.unit });
              return (
                <ListItem
                  key={item.id}
                  divider
                  disableGutters
                  sx={{
                    gap: { xs: 0.5, sm: 2 },
                    flexDirection: { xs: 'column', sm: 'row' },
                    alignItems: { xs: 'flex-start', sm: 'center' },
                  }}
                  data-stock-item={item.id}
                >
                  {/* The part's name is record content, written in whatever language it was: never translated. */}
                  <Box sx={{ width: { sm: 240 }, flexShrink: 0, minWidth: 0 }} translate="no">
                    {to ? (
                      <MuiLink component={Link} to={to} sx={{ fontWeight: 600 }}>
                        {item.partName}
                      </MuiLink>
                    ) : (
                      <Typography sx={{ fontWeight: 600 }}>{item.partName}</Typography>
                    )}
                  </Box>
                  <Typography variant="body2" color={item.quantity <= 0 ? 'error' : 'text.secondary'}>
                    {translate('app.home.stock.line', {
                      base: item.baseLabel,
                      quantity: number(item.quantity),
                      level: number(item.reorderLevel),
                      unit,
                    })}
                  </Typography>
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
