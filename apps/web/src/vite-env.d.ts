/// <reference types="vite/client" />

type ImportMetaEnv = {
  readonly VITE_LAOS?: string;
  readonly VITE_IFRAME_MODE?: string;
  readonly VITE_CUSTOM_HOST?: string;
  readonly VITE_SLOT_NOTICE?: string;
  readonly VITE_SLOT_NOTICE_GAME?: string;
  readonly VITE_CHAT_BACKEND?: string;
  readonly VITE_PAYTIMZ_MIN?: string;
  readonly VITE_API_BASE?: string;
};

type ImportMeta = {
  readonly env: ImportMetaEnv;
};
