import type { SVGProps } from "react";

/**
 * The portal's own small inline images (no external URLs): portal logo, the two login logos and the
 * two avatars. Decorative unless a `title` is passed.
 */
type ImageProps = SVGProps<SVGSVGElement> & { size?: number; title?: string };

/** Decorative (aria-hidden) unless titled, in which case it is an image named by its <title>. */
function Svg({ size = 40, title, viewBox, children, ...rest }: ImageProps & { viewBox: string }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: the title is rendered when given; otherwise the image is aria-hidden
    <svg
      viewBox={viewBox}
      width={size}
      height={size}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      focusable={false}
      xmlns="http://www.w3.org/2000/svg"
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

/** Portal mark: a document with a check, on the brand blue. */
export function PortalLogo(props: ImageProps) {
  return (
    <Svg viewBox="0 0 48 48" {...props}>
      <defs>
        <linearGradient id="portal-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1667b8" />
          <stop offset="1" stopColor="#0b3f73" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="11" fill="url(#portal-logo-bg)" />
      <path d="M15 10h13l7 7v19a2 2 0 0 1-2 2H15a2 2 0 0 1-2-2V12a2 2 0 0 1 2-2z" fill="#fff" />
      <path d="M28 10v5a2 2 0 0 0 2 2h5" fill="#cfe2f7" />
      <path d="M18 21h12M18 25.5h8" stroke="#9dbfe3" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="33" cy="33" r="8" fill="#f2a93b" stroke="#fff" strokeWidth="2" />
      <path
        d="m29.5 33 2.4 2.4 4.6-4.8"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Svg>
  );
}

/** Login logo for employees: the company building. */
export function EmpleadoLogo(props: ImageProps) {
  return (
    <Svg viewBox="0 0 96 96" {...props}>
      <circle cx="48" cy="48" r="46" fill="#e7f0fa" />
      <rect x="26" y="22" width="30" height="54" rx="3" fill="#1667b8" />
      <rect x="56" y="40" width="16" height="36" rx="2" fill="#0b3f73" />
      <g fill="#cfe2f7">
        <rect x="31" y="28" width="7" height="6" rx="1" />
        <rect x="44" y="28" width="7" height="6" rx="1" />
        <rect x="31" y="39" width="7" height="6" rx="1" />
        <rect x="44" y="39" width="7" height="6" rx="1" />
        <rect x="31" y="50" width="7" height="6" rx="1" />
        <rect x="44" y="50" width="7" height="6" rx="1" />
        <rect x="60" y="46" width="8" height="5" rx="1" />
        <rect x="60" y="56" width="8" height="5" rx="1" />
      </g>
      <rect x="37" y="63" width="8" height="13" rx="1" fill="#f2a93b" />
      <rect x="20" y="75" width="58" height="3" rx="1.5" fill="#0b3f73" />
    </Svg>
  );
}

/** Login logo for suppliers: a delivery truck with a box. */
export function ProveedorLogo(props: ImageProps) {
  return (
    <Svg viewBox="0 0 96 96" {...props}>
      <circle cx="48" cy="48" r="46" fill="#e6f6f3" />
      <rect x="16" y="34" width="38" height="28" rx="3" fill="#0f8a78" />
      <path d="M54 42h12l9 10v10H54z" fill="#0b6b5d" />
      <path d="M58 46h7l6 7H58z" fill="#c8efe8" />
      <rect x="24" y="24" width="18" height="16" rx="2" fill="#f2a93b" />
      <path d="M33 24v16" stroke="#d18a22" strokeWidth="2" />
      <circle cx="28" cy="64" r="7" fill="#243b53" />
      <circle cx="28" cy="64" r="3" fill="#d9e2ec" />
      <circle cx="64" cy="64" r="7" fill="#243b53" />
      <circle cx="64" cy="64" r="3" fill="#d9e2ec" />
    </Svg>
  );
}

/** Avatar of a signed-in employee: person with a tie. */
export function EmpleadoAvatar(props: ImageProps) {
  return (
    <Svg viewBox="0 0 40 40" {...props}>
      <circle cx="20" cy="20" r="20" fill="#1667b8" />
      <circle cx="20" cy="15" r="6.5" fill="#f5d0b0" />
      <path d="M8 34c1.5-7 6.5-10 12-10s10.5 3 12 10a19.9 19.9 0 0 1-24 0z" fill="#0b3f73" />
      <path d="m20 24 2 3-2 6-2-6z" fill="#f2a93b" />
    </Svg>
  );
}

/** Avatar of a signed-in supplier: person with a box. */
export function ProveedorAvatar(props: ImageProps) {
  return (
    <Svg viewBox="0 0 40 40" {...props}>
      <circle cx="20" cy="20" r="20" fill="#0f8a78" />
      <circle cx="20" cy="14.5" r="6.5" fill="#f5d0b0" />
      <path d="M8 34c1.5-7 6.5-10 12-10s10.5 3 12 10a19.9 19.9 0 0 1-24 0z" fill="#0b6b5d" />
      <rect x="15" y="25" width="10" height="8" rx="1" fill="#f2a93b" />
      <path d="M20 25v8" stroke="#d18a22" strokeWidth="1.2" />
    </Svg>
  );
}

/** Avatar shown before signing in. */
export function AnonimoAvatar(props: ImageProps) {
  return (
    <Svg viewBox="0 0 40 40" {...props}>
      <circle cx="20" cy="20" r="20" fill="#d9e2ec" />
      <circle cx="20" cy="15" r="6.5" fill="#9fb3c8" />
      <path d="M8 34c1.5-7 6.5-10 12-10s10.5 3 12 10a19.9 19.9 0 0 1-24 0z" fill="#9fb3c8" />
    </Svg>
  );
}
