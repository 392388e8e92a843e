// A picture's thumbnail in its box (a list's cell, a library's card, a report's card, a form's
// preview): the whole picture, scaled to fit, the box's own shade around it. A landscape plan or a
// tall scan is never cut to the box's shape: what is in it must be recognised at a glance.
import Box from '@mui/material/Box';

export function ThumbnailImage({
  src,
  width = '100%',
  height = '100%',
}: {
  src: string;
  width?: number | string;
  height?: number | string;
}) {
  return <Box component="img" src={src} alt="" loading="lazy" sx={{ width, height, objectFit: 'contain', display: 'block' }} />;
}
