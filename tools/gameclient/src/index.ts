export * from './client';
export * from './flows';
export * from './hub';
export * from './multipart';
export * from './chat';
