/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Appwrite endpoint with `/v1`; default: this origin's `/v1` (the local backend of `pnpm start`). */
  readonly VITE_APPWRITE_ENDPOINT?: string;
  /** The Appwrite project id; default `opportunity-kit`. */
  readonly VITE_APPWRITE_PROJECT_ID?: string;
  /** The board's e-mail domain (the functions' `SCHOOL_DOMAIN`), for the rules the sign-up and roster pages state. */
  readonly VITE_SCHOOL_DOMAIN?: string;
  /** The footer's Contact address, named by the privacy notice, terms and help; default `opportunities@` the board's domain. */
  readonly VITE_CONTACT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
