"""Models for the training tests, built from tiny configs with random weights (nothing downloaded).

TRAINING maps a name to a TrainingCase: `make()` builds the model, `inputs()` its inputs (a tuple), `loss` the
step's loss `loss(model, *inputs)`. The transformers models compute their own loss from `labels`; the
plain-torch nets (a MobileViT-like block, a ResNet-like net with batch norm) are defined here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, BATCH, SEQ = 128, 3, 13


@dataclass(frozen=True)
class TrainingCase:
    make: Callable[[], nn.Module]
    inputs: Callable[[], tuple]
    loss: Callable
    slow: bool = False


def _hf(cls_name: str, config_name: str, **config) -> Callable[[], nn.Module]:
    def make():
        import transformers

        return getattr(transformers, cls_name)(getattr(transformers, config_name)(**config))

    return make


def _ids(seq: int = SEQ) -> torch.Tensor:
    return torch.randint(0, VOCAB, (BATCH, seq))


def _lm_inputs():
    return _ids(), _ids()


def _seq2seq_inputs():
    return _ids(), _ids(7)


def _images(size=32, labels=10):
    return lambda: (torch.randn(BATCH, 3, size, size), torch.randint(0, labels, (BATCH,)))


def labels_loss(model, x, labels):
    """transformers' own loss: causal and masked LMs, seq2seq (labels shift into decoder inputs),
    classifiers."""
    return model(x, labels=labels).loss


def classifier_loss(model, x, labels):
    return F.cross_entropy(model(x), labels)


_TEXT = dict(vocab_size=VOCAB, pad_token_id=0, bos_token_id=1, eos_token_id=2, decoder_start_token_id=1)
_ENCODER = dict(
    hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
    max_position_embeddings=64, **_TEXT,
)
_BART = dict(
    d_model=32, encoder_layers=2, decoder_layers=2, encoder_attention_heads=2, decoder_attention_heads=2,
    encoder_ffn_dim=64, decoder_ffn_dim=64, max_position_embeddings=64, **_TEXT,
)
_WHISPER = dict(
    d_model=32, encoder_layers=2, decoder_layers=2, encoder_attention_heads=2, decoder_attention_heads=2,
    encoder_ffn_dim=64, decoder_ffn_dim=64, num_mel_bins=16, max_source_positions=16,
    max_target_positions=32, **_TEXT,
)
_VIT = dict(
    image_size=32, patch_size=8, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
    intermediate_size=64, num_labels=10,
)


def _whisper_inputs():
    return torch.randn(BATCH, 16, 32), _ids(7)


_HUBERT = dict(
    hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64, conv_dim=(16, 16),
    conv_stride=(5, 2), conv_kernel=(10, 3), num_conv_pos_embeddings=8, num_conv_pos_embedding_groups=2,
    classifier_proj_size=16, num_labels=2, mask_time_prob=0.0,  # SpecAugment's masks are numpy-random
)


def _audio_inputs():
    return torch.randn(BATCH, 400), torch.randint(0, 2, (BATCH,))


# -- plain torch ------------------------------------------------------------------------------------------


class MobileViTBlock(nn.Module):
    """MobileViT's block: a local conv, unfold into 2x2 patches, a transformer over the patches' pixels, fold
    back, fuse with the input by a 1x1 conv after concatenation; then a classifier head."""

    def __init__(self, channels=16, dim=32, patch=2, classes=10):
        super().__init__()
        self.patch = patch
        self.stem = nn.Sequential(nn.Conv2d(3, channels, 3, 2, 1), nn.BatchNorm2d(channels), nn.SiLU())
        self.local = nn.Sequential(nn.Conv2d(channels, channels, 3, 1, 1), nn.Conv2d(channels, dim, 1))
        layer = nn.TransformerEncoderLayer(dim, 2, 64, dropout=0.0, activation="gelu", batch_first=True,
                                           norm_first=True)
        self.transformer = nn.TransformerEncoder(layer, 2, enable_nested_tensor=False)
        self.project = nn.Conv2d(dim, channels, 1)
        self.fuse = nn.Sequential(
            nn.Conv2d(2 * channels, channels, 3, 1, 1), nn.BatchNorm2d(channels), nn.SiLU()
        )
        self.head = nn.Linear(channels, classes)

    def forward(self, x):
        x = self.stem(x)
        y = self.local(x)
        b, d, h, w = y.shape
        p = self.patch
        # (b, d, h, w) -> (b * p * p, h/p * w/p, d): each of the p*p pixel positions attends over the patches
        patches = y.reshape(b, d, h // p, p, w // p, p).permute(0, 3, 5, 2, 4, 1).reshape(b * p * p, -1, d)
        patches = self.transformer(patches)
        y = patches.reshape(b, p, p, h // p, w // p, d).permute(0, 5, 3, 1, 4, 2).reshape(b, d, h, w)
        y = self.fuse(torch.cat([x, self.project(y)], dim=1))
        return self.head(y.mean((2, 3)))


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1, self.bn1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout)
        self.conv2, self.bn2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return F.relu(y + (x if self.down is None else self.down(x)))


class SmallResNet(nn.Module):
    """A ResNet-like net: a stem with batch norm and max pooling, two basic blocks, average pooling."""

    def __init__(self, classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 1, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU(),
                                  nn.MaxPool2d(3, 2, 1))
        self.blocks = nn.Sequential(BasicBlock(8, 8, 1), BasicBlock(8, 16, 2))
        self.pool = nn.AvgPool2d(2)
        self.head = nn.Linear(16 * 2 * 2, classes)

    def forward(self, x):
        return self.head(self.pool(self.blocks(self.stem(x))).flatten(1))


def _channels_last(make):
    return lambda: make().to(memory_format=torch.channels_last)


def _channels_last_images():
    x, labels = _images(16)()
    return x.to(memory_format=torch.channels_last), labels


TRAINING: dict[str, TrainingCase] = {
    # encoder-decoders
    "t5": TrainingCase(_hf("T5ForConditionalGeneration", "T5Config", d_model=32, d_kv=16, d_ff=64,
                           num_layers=2, num_heads=2, **_TEXT), _seq2seq_inputs, labels_loss),
    "bart": TrainingCase(_hf("BartForConditionalGeneration", "BartConfig", **_BART), _seq2seq_inputs,
                         labels_loss),
    "whisper": TrainingCase(_hf("WhisperForConditionalGeneration", "WhisperConfig", **_WHISPER),
                            _whisper_inputs, labels_loss, slow=True),
    # decoders
    "gpt2": TrainingCase(_hf("GPT2LMHeadModel", "GPT2Config", n_layer=2, n_embd=32, n_head=2, n_positions=64,
                             **_TEXT), _lm_inputs, labels_loss),
    "llama": TrainingCase(_hf("LlamaForCausalLM", "LlamaConfig", hidden_size=32, intermediate_size=64,
                              num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                              max_position_embeddings=64, **_TEXT), _lm_inputs, labels_loss),
    "gpt_neo": TrainingCase(_hf("GPTNeoForCausalLM", "GPTNeoConfig", hidden_size=32, num_layers=2,
                                num_heads=2,
                                attention_types=[[["global", "local"], 1]], window_size=4,
                                max_position_embeddings=64, **_TEXT), _lm_inputs, labels_loss, slow=True),
    "gpt_bigcode": TrainingCase(_hf("GPTBigCodeForCausalLM", "GPTBigCodeConfig", n_layer=2, n_embd=32,
                                    n_head=2, n_positions=64, **_TEXT), _lm_inputs, labels_loss,
                                slow=True),  # its attention's dropout a float attribute (attn_dropout)
    "mpt": TrainingCase(_hf("MptForCausalLM", "MptConfig", d_model=32, n_layers=2, n_heads=2, max_seq_len=64,
                            vocab_size=VOCAB, pad_token_id=0), _lm_inputs, labels_loss),  # alibi
    "opt": TrainingCase(_hf("OPTForCausalLM", "OPTConfig", hidden_size=32, num_hidden_layers=2,
                            num_attention_heads=2, ffn_dim=64, word_embed_proj_dim=32,
                            max_position_embeddings=64, **_TEXT), _lm_inputs, labels_loss, slow=True),
    # encoders
    "bert": TrainingCase(_hf("BertForMaskedLM", "BertConfig", **_ENCODER), _lm_inputs, labels_loss),
    "distilbert": TrainingCase(_hf("DistilBertForMaskedLM", "DistilBertConfig", dim=32, n_layers=2, n_heads=2,
                                   hidden_dim=64, max_position_embeddings=64, **_TEXT), _lm_inputs,
                               labels_loss, slow=True),
    "electra": TrainingCase(_hf("ElectraForMaskedLM", "ElectraConfig", embedding_size=16, **_ENCODER),
                            _lm_inputs, labels_loss, slow=True),
    "convbert": TrainingCase(_hf("ConvBertForMaskedLM", "ConvBertConfig", embedding_size=16, **_ENCODER),
                             _lm_inputs, labels_loss),  # its padding mask gathered into the softmax's rows
    "squeezebert": TrainingCase(_hf("SqueezeBertForMaskedLM", "SqueezeBertConfig", embedding_size=32,
                                    q_groups=2, k_groups=2, v_groups=2, post_attention_groups=2,
                                    intermediate_groups=2, output_groups=2, **_ENCODER), _lm_inputs,
                                labels_loss),  # grouped 1x1 convolutions
    # speech
    "hubert": TrainingCase(_hf("HubertForSequenceClassification", "HubertConfig", **_HUBERT), _audio_inputs,
                           labels_loss, slow=True),  # weight norm on its positional convolution, layerdrop
    # vision
    "vit": TrainingCase(_hf("ViTForImageClassification", "ViTConfig", **_VIT), _images(), labels_loss),
    "deit": TrainingCase(_hf("DeiTForImageClassification", "DeiTConfig", **_VIT), _images(), labels_loss,
                         slow=True),
    "mobilevit": TrainingCase(_hf("MobileViTForImageClassification", "MobileViTConfig", image_size=32,
                                  hidden_sizes=[16, 24, 32], neck_hidden_sizes=[8, 8, 16, 16, 24, 24, 64],
                                  num_attention_heads=2, num_labels=10), _images(), labels_loss, slow=True),
    "levit": TrainingCase(_hf("LevitForImageClassification", "LevitConfig", image_size=32,
                              hidden_sizes=[16, 32, 48], num_attention_heads=[1, 2, 3], depths=[1, 1, 1],
                              key_dim=[8, 8, 8], num_labels=10), _images(), labels_loss,
                          slow=True),  # its classifier's batch norm: the variance of 3 pooled vectors
    "regnet": TrainingCase(_hf("RegNetForImageClassification", "RegNetConfig", hidden_sizes=[8, 16], depths=[1, 1],
                                groups_width=4, embedding_size=8, num_labels=10), _images(), labels_loss,
                           slow=True),  # grouped convolutions, squeeze-excitation, strided 1x1 shortcuts
    "mobilevit_block": TrainingCase(MobileViTBlock, _images(16), classifier_loss),
    "resnet": TrainingCase(SmallResNet, _images(16), classifier_loss),
    "resnet_channels_last": TrainingCase(_channels_last(SmallResNet), _channels_last_images, classifier_loss,
                                         slow=True),
}
