import { defineEvent, z } from '@league/contracts';
import mongoose, { type Connection } from 'mongoose';
import { outboxField } from '../../src/outbox';

/** A test-only event, unique per run so runs never share a topic. */
export const widgetMovedEvent = (suffix: string) =>
  defineEvent(`test.widget-moved-${suffix}.v1`, z.object({ widgetId: z.string(), to: z.string() }));

export const widgetSchema = new mongoose.Schema(
  {
    _id: { type: String },
    shelf: { type: String, required: true },
    moves: { type: Number, default: 0 },
    outbox: outboxField,
    appliedEvents: { type: [String], default: [] },
  },
  { versionKey: false },
);

export const widgetModel = (conn: Connection) => conn.model('Widget', widgetSchema, 'widgets');
