import {
  AmbientLight,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  Group,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  WebGLRenderer,
} from 'three';

/** A model drawn on a canvas, turned by the caller (drag or keys) and redrawn on demand. */
export type StlScene = {
  rotateBy(yaw: number, pitch: number): void;
  resize(width: number, height: number): void;
  dispose(): void;
};

/**
 * Draws the triangles (nine coordinates each) on the canvas with three.js.
 * Only the 3D printing page imports this module, so three.js stays in a
 * chunk of its own. Throws when the browser offers no WebGL.
 */
export function createStlScene(canvas: HTMLCanvasElement, positions: Float32Array): StlScene {
  const renderer = new WebGLRenderer({ canvas, antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));

  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  // Corners are not shared between triangles, so these are flat face normals: edges stay crisp.
  geometry.computeVertexNormals();
  geometry.center();
  geometry.computeBoundingSphere();
  const radius = geometry.boundingSphere?.radius || 1;

  const material = new MeshStandardMaterial({ color: 0x2563eb, metalness: 0.05, roughness: 0.55 });
  const mesh = new Mesh(geometry, material);
  // STL models are usually Z-up; three.js is Y-up.
  mesh.rotation.x = -Math.PI / 2;
  const model = new Group();
  model.add(mesh);

  const scene = new Scene();
  scene.background = new Color(0xf8fafc);
  scene.add(model, new AmbientLight(0xffffff, 0.7));
  const key = new DirectionalLight(0xffffff, 1.6);
  key.position.set(1, 2, 3);
  const fill = new DirectionalLight(0xffffff, 0.5);
  fill.position.set(-2, -1, -1);
  scene.add(key, fill);

  const camera = new PerspectiveCamera(40, 1, radius / 100, radius * 100);
  camera.position.set(0, 0, radius * 3);

  let yaw = 0.6;
  let pitch = 0.45;
  const render = () => {
    model.rotation.set(pitch, yaw, 0);
    renderer.render(scene, camera);
  };

  return {
    rotateBy(dYaw, dPitch) {
      yaw += dYaw;
      pitch = Math.max(-Math.PI / 2, Math.min(Math.PI / 2, pitch + dPitch));
      render();
    },
    resize(width, height) {
      if (width <= 0 || height <= 0) return;
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      render();
    },
    dispose() {
      geometry.dispose();
      material.dispose();
      renderer.dispose();
    },
  };
}
