// The well path in 3D with three.js, loaded only when the 3D view opens: the path as a line a few
// pixels wide (three's Line2) from the wellhead (or its tie-on), a grid on the surface, arrows east
// and north, and a depth line with a scale (ticks at round depths, labelled in metres beside
// them), turned and zoomed with OrbitControls. The view takes the mouse wheel (and touch
// scrolling) only once a person has clicked into it, or with a modifier key held: until then the
// page scrolls past it as past any picture. The scene is right-handed with y up: x east, y up
// (−TVD), z south (−north). It is drawn only when something changes (no animation loop), and
// everything it made is disposed when it closes. Without WebGL it says so instead.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { TrajectoryAnswer } from '../../../../../kernel/survey/names';
import { pathPoints } from './series';

type State = 'loading' | 'ready' | 'noWebgl' | 'failed';

/** Whether this browser can draw WebGL at all (headless Chromium does, through SwiftShader). */
function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/** A round step for about `count` ticks over `extent`: 1, 2 or 5 times a power of ten. */
export function depthStep(extent: number, count = 5): number {
  const raw = Math.max(extent, 1) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
}

const COLORS = { path: 0x1890ff, east: 0xe53935, north: 0x1e88e5, depth: 0x9e9e9e, grid: 0xbdbdbd, gridCentre: 0x757575, ends: 0xfb8c00 };

export function Well3D({ answer }: { answer: TrajectoryAnswer }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const host = useRef<HTMLDivElement>(null);
  const scale = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');

  useEffect(() => {
    let closed = false;
    let dispose = () => {};
    const open = async () => {
      const [THREE, { OrbitControls }, { Line2 }, { LineGeometry }, { LineMaterial }] = await Promise.all([
        import('three'),
        import('three/examples/jsm/controls/OrbitControls.js'),
        import('three/examples/jsm/lines/Line2.js'),
        import('three/examples/jsm/lines/LineGeometry.js'),
        import('three/examples/jsm/lines/LineMaterial.js'),
      ]);
      const element = host.current;
      if (closed || !element) return;
      if (!webglAvailable()) return setState('noWebgl');
      let renderer: InstanceType<typeof THREE.WebGLRenderer>;
      try {
        renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true });
      } catch {
        return setState('noWebgl');
      }
      renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
      renderer.domElement.dataset.well3d = '';
      renderer.domElement.style.display = 'block';
      element.appendChild(renderer.domElement);

      const scene = new THREE.Scene();
      const points = pathPoints(answer);
      const box = new THREE.Box3().setFromArray(points);
      box.expandByPoint(new THREE.Vector3(0, 0, 0)); // the wellhead is always in view
      const size = box.getSize(new THREE.Vector3());
      const span = Math.max(size.x, size.y, size.z, 10);
      const sphere = box.getBoundingSphere(new THREE.Sphere());
      sphere.radius = Math.max(sphere.radius, 5);

      const owned: { dispose(): void }[] = [];
      const add = <T extends InstanceType<typeof THREE.Object3D>>(object: T) => (scene.add(object), object);
      if (points.length >= 6) {
        const geometry = new LineGeometry().setPositions(points);
        const material = new LineMaterial({ color: COLORS.path, linewidth: 3 });
        owned.push(geometry, material);
        add(new Line2(geometry, material)).computeLineDistances();
      }

      // Where the path starts and ends.
      const dotGeometry = new THREE.SphereGeometry(span / 120, 12, 8);
      const dotMaterial = new THREE.MeshBasicMaterial({ color: COLORS.ends });
      owned.push(dotGeometry, dotMaterial);
      const count = points.length / 3;
      for (const i of count > 0 ? [0, count - 1] : [])
        add(new THREE.Mesh(dotGeometry, dotMaterial)).position.set(points[i * 3], points[i * 3 + 1], points[i * 3 + 2]);

      // The surface: a grid around the wellhead wide enough for the path's horizontal extent.
      const half = Math.max(Math.abs(box.min.x), Math.abs(box.max.x), Math.abs(box.min.z), Math.abs(box.max.z), span / 3);
      owned.push(add(new THREE.GridHelper(half * 2.2, 10, COLORS.gridCentre, COLORS.grid)));
      // East and north from the wellhead, and the depth line straight down.
      const arrow = half * 0.6;
      for (const [direction, color] of [
        [new THREE.Vector3(1, 0, 0), COLORS.east],
        [new THREE.Vector3(0, 0, -1), COLORS.north],
      ] as const) {
        owned.push(add(new THREE.ArrowHelper(direction, new THREE.Vector3(), arrow, color, arrow * 0.12, arrow * 0.06)));
      }
      const depthGeometry = new THREE.BufferGeometry().setFromPoints([
        new THREE.Vector3(0, 0, 0),
        new THREE.Vector3(0, Math.min(box.min.y, -span / 4), 0),
      ]);
      const depthMaterial = new THREE.LineDashedMaterial({ color: COLORS.depth, dashSize: span / 40, gapSize: span / 60 });
      owned.push(depthGeometry, depthMaterial);
      add(new THREE.Line(depthGeometry, depthMaterial)).computeLineDistances();

      // The depth scale: a tick across the depth line at each round depth down to the deepest point,
      // labelled beside it on the page (placed again at each drawing, where the tick falls on screen).
      const deepest = -Math.min(box.min.y, -span / 4);
      const step = depthStep(deepest);
      const depths = Array.from({ length: Math.floor(deepest / step) + 1 }, (_, i) => i * step);
      const tick = span / 50;
      const tickGeometry = new THREE.BufferGeometry().setFromPoints(
        depths.flatMap((d) => [new THREE.Vector3(-tick, -d, 0), new THREE.Vector3(tick, -d, 0)]),
      );
      const tickMaterial = new THREE.LineBasicMaterial({ color: COLORS.depth });
      owned.push(tickGeometry, tickMaterial);
      add(new THREE.LineSegments(tickGeometry, tickMaterial));
      const labelsHost = scale.current;
      const metres = translate('units.m', { _: 'm' });
      const labels = depths.map((d) => {
        const label = document.createElement('span');
        label.dataset.depthTick = String(d);
        label.textContent = `${d.toLocaleString(locale)} ${metres}`;
        Object.assign(label.style, { position: 'absolute', transform: 'translate(6px, -50%)', whiteSpace: 'nowrap' });
        labelsHost?.appendChild(label);
        return label;
      });
      const projected = new THREE.Vector3();
      const placeLabels = (width: number, height: number) =>
        depths.forEach((d, i) => {
          projected.set(tick, -d, 0).project(camera);
          const shown = projected.z < 1 && Math.abs(projected.x) <= 1 && Math.abs(projected.y) <= 1;
          labels[i].style.display = shown ? 'block' : 'none';
          labels[i].style.left = `${((projected.x + 1) / 2) * width}px`;
          labels[i].style.top = `${((1 - projected.y) / 2) * height}px`;
        });

      // Seen from the south-east and above the surface, far enough for the whole path to fit.
      const FOV = 45;
      const distance = (sphere.radius / Math.sin(((FOV / 2) * Math.PI) / 180)) * 1.05;
      const camera = new THREE.PerspectiveCamera(FOV, 1, distance / 1000, distance * 20);
      camera.position.copy(sphere.center).add(new THREE.Vector3(1, 0.8, 1.2).setLength(distance));
      const controls = new OrbitControls(camera, renderer.domElement);
      controls.target.copy(sphere.center);
      controls.update();

      // The wheel zooms the view only once it was clicked into (until a click elsewhere), or with
      // a modifier key held; otherwise it scrolls the page, and so does a vertical swipe on a phone.
      const canvas = renderer.domElement;
      const engage = (on: boolean) => {
        element.dataset.engaged = String(on);
        canvas.style.touchAction = on ? 'none' : 'pan-y';
      };
      engage(false);
      const onWheel = (event: WheelEvent) => {
        controls.enableZoom = element.dataset.engaged === 'true' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey;
      };
      const onPointerDown = (event: PointerEvent) => engage(element.contains(event.target as Node));
      // Before OrbitControls' own listener, which takes the wheel whenever zooming is on.
      canvas.addEventListener('wheel', onWheel, { capture: true, passive: true });
      document.addEventListener('pointerdown', onPointerDown, true);

      const render = () => {
        renderer.render(scene, camera);
        placeLabels(element.clientWidth, element.clientHeight);
      };
      controls.addEventListener('change', render);
      const resize = () => {
        const width = element.clientWidth;
        const height = element.clientHeight;
        if (width === 0 || height === 0) return;
        renderer.setSize(width, height);
        camera.aspect = width / height;
        camera.updateProjectionMatrix();
        render();
      };
      const observer = new ResizeObserver(resize);
      observer.observe(element);
      resize();
      setState('ready');

      dispose = () => {
        canvas.removeEventListener('wheel', onWheel, { capture: true });
        document.removeEventListener('pointerdown', onPointerDown, true);
        for (const label of labels) label.remove();
        observer.disconnect();
        controls.removeEventListener('change', render);
        controls.dispose();
        for (const item of owned) item.dispose();
        renderer.dispose();
        renderer.domElement.remove();
      };
    };
    open().catch(() => !closed && setState('failed'));
    return () => {
      closed = true;
      dispose();
    };
  }, [answer, translate, locale]);

  return (
    <Box data-view="3d">
      {state === 'noWebgl' && <Alert severity="info">{translate('app.trajectory.no_webgl')}</Alert>}
      {state === 'failed' && <Alert severity="error">{translate('app.trajectory.view_failed')}</Alert>}
      {state === 'loading' && <LinearProgress sx={{ mb: 1 }} />}
      <Box
        ref={host}
        data-well3d-host
        sx={{
          position: 'relative',
          height: { xs: 320, md: 460 },
          display: state === 'noWebgl' || state === 'failed' ? 'none' : 'block',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'background.default',
          '&[data-engaged="true"]': { borderColor: 'primary.main' },
        }}
      >
        {/* The depth scale's labels, over the drawing; they never take a click from it. */}
        <Box
          ref={scale}
          data-depth-scale
          aria-label={`${translate('app.trajectory.axis.tvd')} (${translate('units.m')})`}
          sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', typography: 'caption', color: 'text.secondary' }}
        />
      </Box>
      {state === 'ready' && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          <Box component="span" sx={{ color: '#e53935', fontWeight: 600 }}>
            →
          </Box>{' '}
          {translate('app.trajectory.axis.east')} ·{' '}
          <Box component="span" sx={{ color: '#1e88e5', fontWeight: 600 }}>
            →
          </Box>{' '}
          {translate('app.trajectory.axis.north')} · {translate('app.trajectory.turn_hint')}
        </Typography>
      )}
    </Box>
  );
}
