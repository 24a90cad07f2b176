/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_PRIVACY_EMAIL?: string;
  readonly VITE_SECURITY_EMAIL?: string;
}
