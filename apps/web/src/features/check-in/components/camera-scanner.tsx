import { Alert, Button, Group, Stack } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { createQrReader } from '../scan/qr-reader.ts';
import { createScanMemory } from '../scan/scan-memory.ts';

/** Pause between two looks at the camera's picture: about ten a second, light on a phone's battery. */
const FRAME_GAP_MS = 100;

/** Why the camera did not start, in words for the person at the gate. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera is blocked for this site. Allow the camera in the browser’s site settings and start it again, or type the ticket codes.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found on this device. Type the ticket codes instead.';
  if (name === 'NotReadableError')
    return 'The camera is in use by another app or could not start. Close the other app and try again, or type the ticket codes.';
  return 'The camera could not start. Try again, or type the ticket codes.';
}

/**
 * The device's camera as a ticket scanner: each QR code it reads is handed to `onCode` once while it
 * stays in view (see scan-memory.ts). The camera runs only between Start and Stop, and stops when
 * the page is left.
 */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const read = useEffectEvent((text: string) => onCode(text));
  // A camera granted after the page was left is stopped at once, not left running unseen.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function start() {
    setProblem(null);
    if (!window.isSecureContext) {
      setProblem(
        'The camera works only when the portal is opened at a secure (https) address. Type the ticket codes instead.',
      );
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('This browser cannot use a camera. Type the ticket codes instead.');
      return;
    }
    setStarting(true);
    try {
      const granted = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (mounted.current) setStream(granted);
      else for (const track of granted.getTracks()) track.stop();
    } catch (error) {
      setProblem(cameraProblem(error));
    } finally {
      setStarting(false);
    }
  }

  useEffect(() => {
    const element = video.current;
    if (!stream || !element) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const memory = createScanMemory();
    const ended = () => {
      setProblem('The camera stopped. Start it again, or type the ticket codes.');
      setStream(null);
    };
    for (const track of stream.getVideoTracks()) track.addEventListener('ended', ended);
    element.srcObject = stream;
    void element.play().catch(() => {});
    createQrReader().then(
      (reader) => {
        const look = async () => {
          if (stopped) return;
          if (element.readyState >= element.HAVE_CURRENT_DATA) {
            const text = await reader(element).catch(() => null);
            if (text && !stopped && memory.isNew(text, performance.now())) read(text);
          }
          if (!stopped) timer = setTimeout(look, FRAME_GAP_MS);
        };
        void look();
      },
      () => {
        if (stopped) return;
        setProblem('The scanner could not be loaded. Check the connection and start the camera again.');
        setStream(null);
      },
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream.getTracks()) {
        track.removeEventListener('ended', ended);
        track.stop();
      }
      element.srcObject = null;
    };
  }, [stream]);

  return (
    <Stack gap="sm">
      <Group>
        {stream ? (
          <Button variant="default" onClick={() => setStream(null)}>
            Stop camera
          </Button>
        ) : (
          <Button onClick={() => void start()} loading={starting}>
            Start camera
          </Button>
        )}
      </Group>
      {problem && (
        <Alert color="red" title="Camera unavailable">
          {problem}
        </Alert>
      )}
      <video
        ref={video}
        hidden={!stream}
        muted
        playsInline
        aria-label="Camera picture"
        style={{ width: '100%', maxWidth: 480, borderRadius: 'var(--mantine-radius-md)', background: 'black' }}
      />
    </Stack>
  );
}
