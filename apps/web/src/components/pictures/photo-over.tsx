import { useState, type ReactNode } from 'react';

type PhotoState = 'loading' | 'loaded' | 'failed';

type PhotoOverProps = {
  /** The real photo; without one only the fallback shows. */
  src: string | null | undefined;
  /** What shows while the photo loads, when it fails, and when there is none. */
  fallback: ReactNode;
  fit?: 'cover' | 'contain';
  /** The photo's text alternative; empty (decorative) by default. */
  alt?: string;
};

const PhotoOverFallback = ({
  src,
  fallback,
  fit = 'cover',
  alt = '',
}: PhotoOverProps & { src: string }) => {
  const [state, setState] = useState<PhotoState>('loading');
  return (
    <>
      {state === 'loaded' ? null : fallback}
      {state === 'failed' ? null : (
        <img
          src={src}
          alt={alt}
          loading="lazy"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: fit,
            borderRadius: 'inherit',
            background: 'var(--mantine-color-body)',
            opacity: state === 'loaded' ? 1 : 0,
          }}
        />
      )}
    </>
  );
};

/**
 * A real photo laid over its illustration: the illustration shows while the photo loads and
 * stays when it fails (a dead link never leaves an empty box). The parent is positioned.
 */
export const PhotoOver = ({ src, fallback, fit, alt }: PhotoOverProps) =>
  src ? (
    <PhotoOverFallback key={src} src={src} fallback={fallback} fit={fit} alt={alt} />
  ) : (
    fallback
  );
