# The app image for docker-compose.yml: one image, two roles (server: web; workers: worker), chosen by CMD.
FROM node:20-bookworm-slim

WORKDIR /app

# Manifests first, so that `npm ci` stays cached until a dependency changes.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY workers/package.json workers/
COPY web/package.json web/
COPY dev-services/package.json dev-services/
# devDependencies stay: the processes run TypeScript through tsx, and the web build needs Vite.
RUN npm ci --no-audit --no-fund

COPY . .
RUN npm run build

# Uploaded files live in DATA_DIR (a volume in docker-compose.yml); secrets come from the environment.
RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production \
    PORT=5000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
USER node
EXPOSE 5000
CMD ["npx", "tsx", "server/src/main.ts"]
