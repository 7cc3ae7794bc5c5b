import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its web addresses as links, so that a kept message's links can be followed. */
export function LinkedText({ text }: { readonly text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      // Split on a capturing group: odd parts are the addresses, in order.
      <Anchor key={index} href={part} target="_blank" rel="noopener noreferrer">
        {part}
      </Anchor>
    ) : (
      part
    ),
  );
  return <>{parts}</>;
}
