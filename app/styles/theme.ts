import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'gray.50', color: 'gray.800' },
  },
  theme: {
    tokens: {
      fonts: {
        body: { value: '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", system-ui, sans-serif' },
        heading: {
          value: '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", system-ui, sans-serif',
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
