// The Mantine styles an entry's components need (mantine-styles-plugin.ts): a module of style imports only.
declare module 'virtual:mantine-styles' {}
