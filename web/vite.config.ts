/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// During development the API runs separately (`firepath serve`, port 8000 by default); the dev server
// forwards the API and auth paths to it so the client always talks to its own origin, as in production.
const api = process.env.FIREPATH_API_URL ?? "http://127.0.0.1:8000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    proxy: {
      "/api": { target: api, changeOrigin: true },
      "/auth": { target: api, changeOrigin: true },
      "/health": { target: api, changeOrigin: true },
    },
  },
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 600 },
  test: {
    environment: "jsdom",
    // A loopback address nothing listens on: a test that reaches the network fails fast instead of hanging.
    environmentOptions: { jsdom: { url: "http://127.0.0.1:9/" } },
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
  },
});
