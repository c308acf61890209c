import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type PointerEvent } from 'react';

const HEIGHT = 160;

/** Whether anything was drawn: any pixel not fully transparent (a blank canvas is refused, issue 39). */
function hasInk(canvas: HTMLCanvasElement): boolean {
  const ctx = canvas.getContext('2d');
  if (!ctx || canvas.width === 0 || canvas.height === 0) return false;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
  return false;
}

/**
 * A signature drawn with a finger, a stylus or a mouse (pointer events; touch scrolling is off over the pad). After
 * each stroke `onChange` receives the drawing as a PNG data URL, or null while the pad is blank.
 */
export function SignaturePad({
  label,
  onChange,
}: {
  label: string;
  onChange: (dataUrl: string | null) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ id: number; x: number; y: number } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Drawn at the screen's density (at most 2x: a sharp line, a small image).
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    // The layout width (a dialog opening is scaled by its animation; offsetWidth is not).
    canvas.width = Math.round(canvas.offsetWidth * ratio);
    canvas.height = Math.round(HEIGHT * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1a202c';
    ctx.fillStyle = '#1a202c';
  }, []);

  /** The pointer in the canvas's own CSS pixels (whatever transform the dialog has on screen). */
  const at = (e: PointerEvent<HTMLCanvasElement>) => {
    const canvas = e.currentTarget;
    const box = canvas.getBoundingClientRect();
    return {
      x: ((e.clientX - box.left) * canvas.offsetWidth) / (box.width || 1),
      y: ((e.clientY - box.top) * canvas.offsetHeight) / (box.height || 1),
    };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = at(e);
    last.current = { id: e.pointerId, ...p };
    const ctx = e.currentTarget.getContext('2d');
    ctx?.beginPath();
    ctx?.arc(p.x, p.y, 1.2, 0, Math.PI * 2);
    ctx?.fill();
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    if (!from || from.id !== e.pointerId) return;
    const p = at(e);
    const ctx = e.currentTarget.getContext('2d');
    ctx?.beginPath();
    ctx?.moveTo(from.x, from.y);
    ctx?.lineTo(p.x, p.y);
    ctx?.stroke();
    last.current = { id: e.pointerId, ...p };
  };
  const up = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current || last.current.id !== e.pointerId) return;
    last.current = null;
    const canvas = e.currentTarget;
    onChange(hasInk(canvas) ? canvas.toDataURL('image/png') : null);
  };
  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    onChange(null);
  };

  return (
    <Box>
      <Box borderWidth="1px" borderColor="gray.400" borderRadius="md" bg="white" position="relative">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={label}
          data-testid="signature-pad"
          style={{
            width: '100%',
            height: HEIGHT,
            touchAction: 'none',
            display: 'block',
            cursor: 'crosshair',
          }}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
        />
        <Box position="absolute" left="4" right="4" bottom="8" borderBottomWidth="1px" pointerEvents="none" />
      </Box>
      <HStack justify="space-between" mt="1">
        <Text fontSize="xs" color="gray.600">
          Sign above the line with a finger
        </Text>
        <Button size="xs" variant="ghost" onClick={clear}>
          Clear signature
        </Button>
      </HStack>
    </Box>
  );
}
