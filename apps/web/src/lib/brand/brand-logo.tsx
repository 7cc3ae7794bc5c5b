import type { Brand } from '@portal/contracts/brands';

interface BrandLogoProps {
  readonly brand: Brand;
  readonly size?: number;
}

/**
 * The brand's mark, drawn inline so that the portal loads nothing from elsewhere. It is decorative: the
 * brand's name is always written next to it.
 */
export function BrandLogo({ brand, size = 32 }: BrandLogoProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      {brand === 'bread' ? (
        <>
          <rect width="32" height="32" rx="8" fill="#a1500f" />
          <path
            d="M7 17.5C7 12.8 11 9.5 16 9.5s9 3.3 9 8c0 1.4-1 2.3-2.2 2.5V23a1.5 1.5 0 0 1-1.5 1.5H10.7A1.5 1.5 0 0 1 9.2 23v-3C8 19.8 7 18.9 7 17.5Z"
            fill="#fdf3ea"
          />
          <path
            d="M12.5 14.5l1.5 2M16 13.5v2.5M19.5 14.5l-1.5 2"
            stroke="#a1500f"
            strokeWidth="1.4"
            strokeLinecap="round"
          />
        </>
      ) : (
        <>
          <path d="M16 2.5 28 6.5v8.7c0 7.3-5 12.4-12 14.3C9 27.6 4 22.5 4 15.2V6.5Z" fill="#005daa" />
          <path d="M4.6 18.5h22.8" stroke="#ffd200" strokeWidth="2.6" />
          <path
            d="M10.5 13.5 16 9l5.5 4.5"
            fill="none"
            stroke="#ffffff"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </>
      )}
    </svg>
  );
}
