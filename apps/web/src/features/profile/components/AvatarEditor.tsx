import { RotateLeftOutlined, RotateRightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { AVATAR_SIZE } from './crop-image';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const ZOOM_STEP = 0.2;

export interface AvatarCrop {
  area: Area;
  rotation: number;
}

interface AvatarEditorProps {
  imageUrl: string;
  onCropChange: (crop: AvatarCrop) => void;
}

const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 10) / 10));
/** Quarter turns, kept within 0–359 so repeated clicks never grow the number. */
const turn = (rotation: number, by: number) => (((rotation + by) % 360) + 360) % 360;

/** SPEC §2 avatar crop: a fixed 200x200 box, rotate left/right and zoom in/out. */
export function AvatarEditor({ imageUrl, onCropChange }: AvatarEditorProps) {
  const [position, setPosition] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [rotation, setRotation] = useState(0);

  return (
    <div className="avatar-editor">
      <div className="avatar-editor__stage">
        <Cropper
          image={imageUrl}
          crop={position}
          zoom={zoom}
          rotation={rotation}
          aspect={1}
          cropSize={{ width: AVATAR_SIZE, height: AVATAR_SIZE }}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          showGrid={false}
          onCropChange={setPosition}
          onZoomChange={(next) => setZoom(clampZoom(next))}
          onRotationChange={setRotation}
          onCropAreaChange={(_percentages, area) => onCropChange({ area, rotation })}
        />
      </div>
      <Space wrap className="avatar-editor__tools">
        <Button icon={<RotateLeftOutlined />} onClick={() => setRotation((value) => turn(value, -90))}>
          向左旋转
        </Button>
        <Button icon={<RotateRightOutlined />} onClick={() => setRotation((value) => turn(value, 90))}>
          向右旋转
        </Button>
        <Button icon={<ZoomInOutlined />} disabled={zoom >= MAX_ZOOM} onClick={() => setZoom((value) => clampZoom(value + ZOOM_STEP))}>
          放大
        </Button>
        <Button icon={<ZoomOutOutlined />} disabled={zoom <= MIN_ZOOM} onClick={() => setZoom((value) => clampZoom(value - ZOOM_STEP))}>
          缩小
        </Button>
        <Typography.Text type="secondary">拖动图片调整位置，滚轮也可缩放</Typography.Text>
      </Space>
    </div>
  );
}
