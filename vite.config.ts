import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    // y-webrtc's simple-peer bundle drags Node polyfills in; see src/sync/checkedPeer.ts.
    alias: { 'simple-peer/simplepeer.min.js': fileURLToPath(new URL('./src/sync/checkedPeer.ts', import.meta.url)) },
  },
  plugins: [
    solid(),
    VitePWA({
      // 'prompt': a new version waits for the player (never reload in the middle of a vote).
      registerType: 'prompt',
      injectRegister: false,
      // The raster icons are not precached: the browser fetches the manifest icons and the apple-touch-icon
      // itself when the app is installed, and the page never shows them, so precaching them only
      // downloaded ~48 KB gzip twice (issue 9, bundle budget). The SVG favicon stays.
      includeAssets: ['icons/icon.svg'],
      includeManifestIcons: false,
      manifest: {
        name: 'Twilight Table',
        short_name: 'Twilight Table',
        description: 'Table companion for Twilight Imperium 3 with the Shattered Ascension rules.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0f1218',
        theme_color: '#0f1218',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        navigateFallback: '/index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
});
