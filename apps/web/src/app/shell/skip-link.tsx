import { useTranslation } from 'react-i18next';
import classes from './shell.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the keyboard on every page, straight past the header and the navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className={classes.skipLink}
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus moves without a hash in the URL, which the router would treat as a navigation.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}
