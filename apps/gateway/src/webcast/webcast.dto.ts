import { createZodDto } from 'nestjs-zod';
import {
  PortalWebcast,
  PutWebcastRequest,
  Webcast,
  WebcastLaunch,
} from '@livevote/contracts';

export class PutWebcastRequestDto extends createZodDto(PutWebcastRequest) {}
export class WebcastDto extends createZodDto(Webcast) {}
export class WebcastLaunchDto extends createZodDto(WebcastLaunch) {}
export class PortalWebcastDto extends createZodDto(PortalWebcast) {}
