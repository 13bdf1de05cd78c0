import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'harbour',
  colors: {
    harbour: [
      '#e8f2f8',
      '#d2e3ed',
      '#a3c6db',
      '#71a8c9',
      '#4a8eba',
      '#327eb1',
      '#2476ad',
      '#166498',
      '#1b4965',
      '#00476f',
    ],
  },
  // sm is the spec's mobile boundary: the mobile layout applies below 730 px.
  breakpoints: { xs: '36em', sm: '45.625em', md: '62em', lg: '75em', xl: '88em' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});
