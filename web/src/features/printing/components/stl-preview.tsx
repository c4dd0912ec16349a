import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { printMessages } from '../lib/print-messages';
import type { StlScene } from '../lib/stl-scene';
import { stlPositions } from '../lib/stl-triangles';

type PreviewState = 'loading' | 'ready' | 'no-webgl' | 'error';

const DRAG_SPEED = 0.01;
const KEY_STEP = 0.2;

/**
 * A 3D view of one STL file, turned by dragging (or the arrow keys). three.js
 * is fetched only when a preview first shows; without WebGL (some headless or
 * locked-down browsers) a sentence replaces the view and the form still works.
 * Mount it with key={file id}: a new file gets a new canvas.
 */
export function StlPreview({ file }: { file: File }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<StlScene | null>(null);
  const dragRef = useRef<{ x: number; y: number } | null>(null);
  const [state, setState] = useState<PreviewState>('loading');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    void (async () => {
      try {
        const [{ createStlScene }, buffer] = await Promise.all([import('../lib/stl-scene'), file.arrayBuffer()]);
        if (cancelled) return;
        const positions = stlPositions(new Uint8Array(buffer));
        let scene: StlScene;
        try {
          scene = createStlScene(canvas, positions);
        } catch {
          setState('no-webgl');
          return;
        }
        if (cancelled) {
          scene.dispose();
          return;
        }
        sceneRef.current = scene;
        observer = new ResizeObserver(([entry]) => {
          if (entry) scene.resize(entry.contentRect.width, entry.contentRect.height);
        });
        observer.observe(canvas);
        setState('ready');
      } catch {
        if (!cancelled) setState('error');
      }
    })();
    return () => {
      cancelled = true;
      observer?.disconnect();
      sceneRef.current?.dispose();
      sceneRef.current = null;
    };
  }, [file]);

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    dragRef.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const last = dragRef.current;
    if (!last) return;
    sceneRef.current?.rotateBy((e.clientX - last.x) * DRAG_SPEED, (e.clientY - last.y) * DRAG_SPEED);
    dragRef.current = { x: e.clientX, y: e.clientY };
  };
  const endDrag = () => {
    dragRef.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const turns: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const turn = turns[e.key];
    if (!turn) return;
    e.preventDefault();
    sceneRef.current?.rotateBy(...turn);
  };

  const unavailable = state === 'no-webgl' || state === 'error';
  return (
    <div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`3D preview of ${file.name}`}
        tabIndex={state === 'ready' ? 0 : -1}
        hidden={unavailable}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        className="block aspect-[4/3] w-full cursor-grab touch-none rounded-md border border-slate-200 bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600 active:cursor-grabbing"
      />
      <p className="mt-2 text-sm text-slate-600" aria-live="polite">
        {state === 'loading' && 'Loading the 3D preview…'}
        {state === 'ready' && 'Drag the model (or use the arrow keys) to turn it.'}
        {state === 'no-webgl' && printMessages.noWebGl}
        {state === 'error' && 'This file cannot be previewed.'}
      </p>
    </div>
  );
}
