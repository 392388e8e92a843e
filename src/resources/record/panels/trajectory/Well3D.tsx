// The well path in 3D with three.js, loaded only when the 3D view opens: the path as a line a few
// pixels wide (three's Line2) from the wellhead (or its tie-on), a grid on the surface, arrows east and north and a depth line,
// turned and zoomed with OrbitControls. The scene is right-handed with y up: x east, y up
// (−TVD), z south (−north). It is drawn only when something changes (no animation loop), and
// everything it made is disposed when it closes. Without WebGL it says so instead.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
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

const COLORS = { path: 0x1890ff, east: 0xe53935, north: 0x1e88e5, depth: 0x9e9e9e, grid: 0xbdbdbd, gridCentre: 0x757575, ends: 0xfb8c00 };

export function Well3D({ answer }: { answer: TrajectoryAnswer }) {
  const translate = useTranslate();
  const host = useRef<HTMLDivElement>(null);
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

      // Seen from the south-east and above the surface, far enough for the whole path to fit.
      const FOV = 45;
      const distance = (sphere.radius / Math.sin(((FOV / 2) * Math.PI) / 180)) * 1.05;
      const camera = new THREE.PerspectiveCamera(FOV, 1, distance / 1000, distance * 20);
      camera.position.copy(sphere.center).add(new THREE.Vector3(1, 0.8, 1.2).setLength(distance));
      const controls = new OrbitControls(camera, renderer.domElement);
      controls.target.copy(sphere.center);
      controls.update();

      const render = () => renderer.render(scene, camera);
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
  }, [answer]);

  return (
    <Box data-view="3d">
      {state === 'noWebgl' && <Alert severity="info">{translate('app.trajectory.no_webgl')}</Alert>}
      {state === 'failed' && <Alert severity="error">{translate('app.trajectory.view_failed')}</Alert>}
      {state === 'loading' && <LinearProgress sx={{ mb: 1 }} />}
      <Box
        ref={host}
        sx={{
          height: { xs: 320, md: 460 },
          display: state === 'noWebgl' || state === 'failed' ? 'none' : 'block',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          touchAction: 'none',
          bgcolor: 'background.default',
        }}
      />
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
