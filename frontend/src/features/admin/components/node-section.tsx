import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SavedNode } from '../api/admin-types';
import { deleteNode } from '../api/delete-node';
import { postNode } from '../api/post-node';
import type { EditNode } from '../node-rules';
import { newNode } from '../node-rules';
import { ConfirmDialog, TextBlock, UnsavedMarker } from './admin-ui';

interface NodeSectionProps {
  title: string;
  addLabel: string;
  nodeTypeId: number;
  owner: { itemId: number } | { monsterId: number };
  nodes: EditNode[];
  onChange: (nodes: EditNode[]) => void;
  /** Monster nodes have a name and an Active box; item nodes only text. */
  nameLabel?: string;
  /** Items show the add button only while the section is empty; monsters always. */
  addOnlyWhenEmpty: boolean;
}

/** One section of nodes (Base Stats, Attacks, …): text blocks with Save and Delete (confirm), and Add. */
export function NodeSection(props: NodeSectionProps) {
  const { title, nodes, onChange, owner, nameLabel } = props;
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const withMeta = nameLabel !== undefined;

  const patch = (key: string, next: Partial<EditNode>) =>
    onChange(nodes.map((n) => (n.key === key ? { ...n, ...next, dirty: true } : n)));

  const save = async (node: EditNode) => {
    try {
      const saved: SavedNode = await postNode({
        nodeId: node.nodeId,
        ...owner,
        parentNodeId: node.parentNodeId,
        nodeTypeId: node.nodeTypeId,
        rawHtml: node.rawHtml,
        ...(withMeta ? { title: node.title, active: node.active } : {}),
      });
      onChange(
        nodes.map((n) =>
          n.key === node.key ? { ...n, nodeId: saved.nodeId, parentNodeId: saved.parentNodeId, dirty: false } : n,
        ),
      );
    } catch {
      // the Error modal has told the admin; the block stays unsaved
    }
  };

  const remove = async (key: string) => {
    setConfirmKey(null);
    const node = nodes.find((n) => n.key === key);
    if (!node) return;
    if (node.nodeId !== 0) {
      try {
        await deleteNode(node.nodeId, owner);
      } catch {
        return;
      }
    }
    // A deleted node takes its children with it.
    onChange(nodes.filter((n) => n.key !== key && (node.nodeId === 0 || n.parentNodeId !== node.nodeId)));
  };

  const showAdd = !props.addOnlyWhenEmpty || nodes.length === 0;

  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {showAdd && (
          <Button variant="outlined" onClick={() => onChange([...nodes, newNode(props.nodeTypeId)])}>
            {props.addLabel}
          </Button>
        )}
      </Stack>
      <Stack spacing={2}>
        {nodes.map((node, index) => {
          const label = withMeta ? node.title || `${title} ${index + 1}` : `${title} ${index + 1}`;
          return (
            <Box
              key={node.key}
              role="group"
              aria-label={label}
              sx={{ pl: node.depth * 4, borderLeft: node.depth ? 2 : 0, borderColor: 'divider' }}
            >
              {withMeta && (
                <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
                  <TextField
                    size="small"
                    label={nameLabel}
                    value={node.title}
                    onChange={(e) => patch(node.key, { title: e.target.value })}
                    sx={{ flexGrow: 1 }}
                  />
                  <FormControlLabel
                    control={
                      <Checkbox checked={node.active} onChange={(e) => patch(node.key, { active: e.target.checked })} />
                    }
                    label="Active"
                  />
                </Stack>
              )}
              <TextBlock
                label={withMeta ? 'Description' : 'Text'}
                value={node.rawHtml}
                onChange={(e) => patch(node.key, { rawHtml: e.target.value })}
              />
              <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
                <UnsavedMarker show={node.dirty} />
                <Button color="error" onClick={() => setConfirmKey(node.key)}>
                  Delete
                </Button>
                <Button variant="contained" onClick={() => void save(node)}>
                  Save
                </Button>
              </Stack>
            </Box>
          );
        })}
      </Stack>
      <ConfirmDialog
        open={confirmKey !== null}
        title="Delete?"
        text="This text block is removed."
        confirmLabel="Delete"
        onCancel={() => setConfirmKey(null)}
        onConfirm={() => confirmKey && void remove(confirmKey)}
      />
    </Paper>
  );
}
