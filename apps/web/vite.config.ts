import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { publicFileVersions } from './public-file-versions';

export default defineConfig({
  plugins: [reactRouter(), publicFileVersions()],
});
