// `npm run dev`: the API on port 3001 (restarted on change) and the Vite dev
// server with hot reload on port 3000, which proxies /api and /uploads to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { PUBLIC_URL: 'http://localhost:3000', NODE_ENV: 'development', ...process.env, PORT: '3001', HOST: '127.0.0.1' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: process.env }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
