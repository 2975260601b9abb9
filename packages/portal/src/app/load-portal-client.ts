/**
 * The SDK client and the `appwrite` SDK under it, as one lazy chunk: app.tsx imports this module only
 * dynamically, so the first page's bundle leaves them out.
 */
export { createPortalClient } from '@opportunity-kit/sdk';
