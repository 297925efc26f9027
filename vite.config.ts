import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  build: {
    assetsInlineLimit: 2048,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/, priority: 10 },
                {
                  name: 'shell',
                  test: /(app[\\/]components[\\/](layout[\\/](Header|Footer|Brand)|Contact|Icons|Image|Hero|ErrorView|StructuredData)\.tsx|app[\\/]lib[\\/](nav|meta|format)\.ts|common[\\/](site|constants|api-client|media|seo)\.ts|vite[\\/]preload-helper)/,
                  priority: 5,
                },
              ],
            },
          },
        },
  },
}));
