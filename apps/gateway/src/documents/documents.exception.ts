import { ApiException } from '../common/api-exception';

export enum DocumentErrorCode {
  DocumentNotFound = 'document_not_found',
  FileRequired = 'file_required',
  UnsupportedMediaType = 'unsupported_media_type',
  DocumentTooLarge = 'document_too_large',
  UnknownUpload = 'unknown_upload',
  SizeMismatch = 'size_mismatch',
  AlreadyRegistered = 'document_already_registered',
  InvalidDownloadLink = 'invalid_download_link',
  DownloadLinkExpired = 'download_link_expired',
}

function describe(code: DocumentErrorCode): [status: number, variant?: string] {
  switch (code) {
    case DocumentErrorCode.DocumentNotFound:
      return [404];
    case DocumentErrorCode.FileRequired:
      return [400];
    case DocumentErrorCode.UnsupportedMediaType:
      return [415, 'document'];
    case DocumentErrorCode.DocumentTooLarge:
      return [413];
    case DocumentErrorCode.UnknownUpload:
      return [400];
    case DocumentErrorCode.SizeMismatch:
      return [400];
    case DocumentErrorCode.AlreadyRegistered:
      return [409];
    case DocumentErrorCode.InvalidDownloadLink:
      return [403];
    case DocumentErrorCode.DownloadLinkExpired:
      return [403];
  }
}

export class DocumentException extends ApiException {
  constructor(code: DocumentErrorCode) {
    const [status, variant] = describe(code);
    super(status, code, { variant });
  }
}
